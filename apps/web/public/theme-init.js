// Runs before first paint (an external file, so the Content-Security-Policy needs no inline script):
// applies the saved theme and language direction so the page never flashes the wrong one.
(function () {
  try {
    var root = document.documentElement;
    if (localStorage.getItem('proxai_theme') === 'dark') root.classList.add('dark');
    var lang = localStorage.getItem('proxai_language');
    if (lang) {
      root.lang = lang;
      root.dir = lang === 'ar' ? 'rtl' : 'ltr';
    }
  } catch (e) {
    /* storage disabled: defaults apply */
  }
})();
