#!/usr/bin/env node
/**
 * Renders the PDF guides served at /guides/<kind>-<lng>.pdf from the Markdown sources in docs/guides/<lng>/.
 * Markdown -> HTML with `marked`, HTML -> PDF with the system Chromium driven by playwright-core (A4, page
 * numbers in the footer). Fonts come from the OS (Debian: fonts-noto-core, fonts-noto-cjk) so Arabic,
 * Chinese and Japanese render with real glyphs; Chromium embeds only the glyphs used, which keeps files small.
 *
 * Chinese and Japanese: with fontTools (Debian: python3-fonttools) each guide embeds a TrueType subset of Noto Sans
 * CJK (scripts/cjk-font-subset.py), about 170 KB per PDF; without it the system face is used (Type 3, ~300 KB+).
 *
 * Usage: npm run guides            (all languages and guides)
 *        npm run guides -- ar zh   (only these languages)
 * CHROME_PATH overrides the Chromium binary.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { marked } from 'marked';
import { chromium } from 'playwright-core';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SOURCES = path.join(ROOT, 'docs', 'guides');
const OUTPUT = path.join(ROOT, 'apps', 'web', 'public', 'guides');
const LANGUAGES = ['fr', 'en', 'es', 'it', 'de', 'pt', 'zh', 'ja', 'ar'];
const KINDS = ['install', 'migration'];
const RTL = new Set(['ar']);
const CJK_FAMILIES = { zh: 'Noto Sans CJK SC', ja: 'Noto Sans CJK JP' };
// Chromium prints the Noto CJK faces (CFF outlines in a .ttc) as Type 3 glyphs, several times the size of a
// TrueType subset. With fontTools available, each guide gets its own TrueType subset of the face (see
// cjk-font-subset.py) as a web font; without it, the system face is used in its regular weight only.
const CJK_REGULAR_ONLY_CSS =
  'h1, h2, h3, th, strong, b { font-weight: 400; } h2, h3 { color: #9a3412; } strong { color: #9a3412; }';

// Latin first, then the script-specific family: Chromium falls back glyph by glyph along this list.
const FONT_STACKS = {
  zh: "'Noto Sans', 'Guide CJK', 'Noto Sans CJK SC', sans-serif",
  ja: "'Noto Sans', 'Guide CJK', 'Noto Sans CJK JP', sans-serif",
  ar: "'Noto Sans Arabic', 'Noto Sans', sans-serif",
};
const DEFAULT_STACK = "'Noto Sans', 'DejaVu Sans', sans-serif";
const MONO_STACK = (lng) =>
  lng === 'ja'
    ? "'DejaVu Sans Mono', 'Noto Sans Mono CJK JP', monospace"
    : "'DejaVu Sans Mono', 'Noto Sans Mono CJK SC', monospace";

function chromiumPath() {
  const candidates = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];
  const found = candidates.find((p) => p && fs.existsSync(p));
  if (!found) throw new Error('No Chromium found: install it (apt-get install chromium) or set CHROME_PATH.');
  return found;
}

const escapeHtml = (s) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);

function firstHeading(markdown) {
  const match = /^#\s+(.+)$/m.exec(markdown);
  return match ? match[1].trim() : 'ProxAI';
}

function findPythonWithFontTools() {
  const candidates = [process.env.PYTHON, 'python3', '/usr/bin/python3'].filter(Boolean);
  return candidates.find((bin) => spawnSync(bin, ['-c', 'import fontTools'], { stdio: 'ignore' }).status === 0);
}

function fontFile(family, style) {
  const result = spawnSync('fc-list', [`${family}:style=${style}`, 'file'], { encoding: 'utf8' });
  const file = (result.stdout ?? '').split('\n')[0]?.replace(/:\s*$/, '').trim();
  return file && fs.existsSync(file) ? file : undefined;
}

/** @font-face rules embedding TrueType subsets of the CJK face for `text`, or '' when that is not possible. */
function cjkFontFaces(lng, text, python) {
  const family = CJK_FAMILIES[lng];
  if (!family || !python) return '';
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'proxai-guides-'));
  try {
    const textFile = path.join(dir, 'text.txt');
    fs.writeFileSync(textFile, text);
    const rules = [];
    for (const [style, weight] of [
      ['Regular', 400],
      ['Bold', 700],
    ]) {
      const source = fontFile(family, style);
      if (!source) return '';
      const out = path.join(dir, `${style}.ttf`);
      const run = spawnSync(python, [path.join(ROOT, 'scripts', 'cjk-font-subset.py'), source, family, textFile, out], {
        encoding: 'utf8',
      });
      if (run.status !== 0) {
        console.warn(`CJK subset failed for ${family} ${style}: ${run.stderr.trim()}`);
        return '';
      }
      const data = fs.readFileSync(out).toString('base64');
      rules.push(
        `@font-face { font-family: 'Guide CJK'; font-weight: ${weight}; src: url(data:font/ttf;base64,${data}) format('truetype'); }`,
      );
    }
    return rules.join('\n');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

function documentHtml(lng, markdown, python) {
  const dir = RTL.has(lng) ? 'rtl' : 'ltr';
  const font = FONT_STACKS[lng] ?? DEFAULT_STACK;
  const body = marked.parse(markdown, { gfm: true });
  const faces = CJK_FAMILIES[lng] ? cjkFontFaces(lng, markdown, python) : '';
  const extraCss = CJK_FAMILIES[lng] && !faces ? CJK_REGULAR_ONLY_CSS : '';
  return `<!doctype html>
<html lang="${lng}" dir="${dir}">
<head>
<meta charset="utf-8">
<title>${escapeHtml(firstHeading(markdown))}</title>
<style>
  ${faces}
  @page { size: A4; }
  html { font-family: ${font}; font-size: 10.5pt; line-height: 1.55; color: #0f172a; }
  body { margin: 0; }
  h1 { font-size: 22pt; color: #c2410c; margin: 0 0 8pt; line-height: 1.25; }
  h2 { font-size: 14pt; margin: 18pt 0 6pt; padding-bottom: 3pt; border-bottom: 1.5pt solid #fed7aa; break-after: avoid; }
  h3 { font-size: 11.5pt; margin: 12pt 0 4pt; break-after: avoid; }
  p, li { orphans: 3; widows: 3; }
  ul, ol { padding-inline-start: 18pt; }
  code { font-family: ${MONO_STACK(lng)}; font-size: 9pt; background: #f1f5f9; padding: 0 2pt; border-radius: 2pt; }
  pre { direction: ltr; text-align: left; unicode-bidi: isolate; background: #0f172a; color: #e2e8f0; padding: 8pt 10pt;
        border-radius: 4pt; white-space: pre-wrap; word-break: break-all; break-inside: avoid; }
  pre code { background: none; color: inherit; padding: 0; }
  table { border-collapse: collapse; width: 100%; margin: 6pt 0; break-inside: avoid; }
  th, td { border: 0.75pt solid #cbd5e1; padding: 4pt 6pt; text-align: start; vertical-align: top; }
  th { background: #fff7ed; }
  blockquote { margin: 8pt 0; padding: 6pt 10pt; border-inline-start: 3pt solid #f97316; background: #fff7ed; }
  blockquote p { margin: 0; }
  ${extraCss}
</style>
</head>
<body>${body}</body>
</html>`;
}

function footerTemplate(lng, title) {
  const dir = RTL.has(lng) ? 'rtl' : 'ltr';
  const font = FONT_STACKS[lng] ?? DEFAULT_STACK;
  // Header/footer templates get no page styles: everything must be inline, with an explicit font size.
  return `<div dir="${dir}" style="font-family: ${font}; font-size: 8pt; color: #64748b; width: 100%; margin: 0 14mm; display: flex; justify-content: space-between;">
<span>ProxAI — ${escapeHtml(title)}</span><span dir="ltr"><span class="pageNumber"></span> / <span class="totalPages"></span></span></div>`;
}

async function main() {
  const only = process.argv.slice(2);
  const languages = only.length > 0 ? LANGUAGES.filter((l) => only.includes(l)) : LANGUAGES;
  if (languages.length === 0) throw new Error(`Unknown language(s): ${only.join(', ')}. Known: ${LANGUAGES.join(', ')}`);
  fs.mkdirSync(OUTPUT, { recursive: true });
  const python = languages.some((l) => CJK_FAMILIES[l]) ? findPythonWithFontTools() : undefined;
  if (languages.some((l) => CJK_FAMILIES[l]) && !python) {
    console.warn('fontTools not found (Debian: apt-get install python3-fonttools): CJK guides use the system font, larger PDFs.');
  }
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: ['--headless', '--no-sandbox', '--disable-gpu'],
  });
  try {
    const page = await browser.newPage();
    for (const lng of languages) {
      for (const kind of KINDS) {
        const source = path.join(SOURCES, lng, `${kind}.md`);
        if (!fs.existsSync(source)) throw new Error(`Missing guide source ${path.relative(ROOT, source)}`);
        const markdown = fs.readFileSync(source, 'utf8');
        const title = firstHeading(markdown);
        await page.setContent(documentHtml(lng, markdown, python), { waitUntil: 'load' });
        // Evaluated in the page: wait until every font (system and data-URL subsets) is ready before printing.
        await page.evaluate('document.fonts.ready.then(() => true)');
        const target = path.join(OUTPUT, `${kind}-${lng}.pdf`);
        await page.pdf({
          path: target,
          format: 'A4',
          printBackground: true,
          displayHeaderFooter: true,
          headerTemplate: '<span></span>',
          footerTemplate: footerTemplate(lng, title),
          margin: { top: '16mm', bottom: '18mm', left: '16mm', right: '16mm' },
          tagged: true,
        });
        const size = fs.statSync(target).size;
        console.log(`${path.relative(ROOT, target)}  ${(size / 1024).toFixed(0)} KB`);
      }
    }
  } finally {
    await browser.close();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
