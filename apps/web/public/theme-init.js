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

// Starts what the current page needs first while the main bundle is still downloading: when signed in, its
// first API reads, which the app's fetch client then takes over (api-client.ts, `early`), then its lazy
// chunks and translation files (modulepreload). The reads go first: the browser opens only six connections
// to the server, and the server's work for them then overlaps the download and compilation of the scripts.
// The list is written into index.html at build time (build/route-preloads.ts); the headers match
// api-client.ts's, Accept-Language included (the language the app is about to start in: the saved one, else
// the browser's, else French). Every language holds every string, so no other language's file is needed.
(function () {
  try {
    var block = document.getElementById('route-preloads');
    if (!block) return;
    var route = JSON.parse(block.textContent)[location.pathname.replace(/\/+$/, '') || '/'];
    if (!route) return;
    var lang = localStorage.getItem('proxai_language') || (navigator.language || 'fr').slice(0, 2).toLowerCase();
    if (!route.ns[lang]) lang = 'fr';
    var token = localStorage.getItem('proxai_token');
    if (token && window.fetch) {
      var early = (window.__proxaiEarly = window.__proxaiEarly || {});
      route.api.forEach(function (path) {
        var response = fetch('/api' + path, {
          headers: { accept: 'application/json', 'accept-language': lang, authorization: 'Bearer ' + token },
          credentials: 'same-origin',
        });
        // The body is read and parsed as it arrives, while the page still waits for its scripts, in the
        // shape api-client.ts's readBody gives: { data } or { invalid: true } ({} for an empty body).
        var body = response
          .then(function (r) {
            return r.text();
          })
          .then(function (text) {
            if (!text) return {};
            try {
              return { data: JSON.parse(text) };
            } catch (e) {
              return { invalid: true };
            }
          });
        response.catch(function () {});
        body.catch(function () {});
        early[path] = { at: performance.now(), response: response, body: body };
      });
    }
    var files = route.js.concat(route.ns[lang]);
    // One insertion for all of them: each separate one costs the parser a style and preload pass.
    var links = document.createDocumentFragment();
    for (var i = 0; i < files.length; i++) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = files[i];
      links.appendChild(link);
    }
    document.head.appendChild(links);
  } catch (e) {
    /* nothing started early: the app asks for everything itself */
  }
})();
