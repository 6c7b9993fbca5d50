import { describe, expect, it } from 'vitest';
import { pageHtml, withOwnScript } from './prerender-pages';

const template = [
  '<!doctype html><html lang="en"><head>',
  '  <script type="module" crossorigin src="/assets/main-1.js"></script>',
  '  <link rel="modulepreload" crossorigin href="/assets/react-1.js">',
  '  <link rel="stylesheet" crossorigin href="/assets/main-1.css">',
  '</head><body><div id="root"></div></body></html>',
].join('\n');

describe('pageHtml', () => {
  it('puts the rendered page in the root and keeps the app’s script to hydrate it', () => {
    const html = pageHtml(template, '<main><h1>Welcome back</h1></main>');
    expect(html).toContain('<div id="root"><main><h1>Welcome back</h1></main></div>');
    expect(html).toContain('src="/assets/main-1.js"');
  });

  it('takes a page whose HTML holds `$&` as it is', () => {
    expect(pageHtml(template, '<p>$& and $1</p>')).toContain('<div id="root"><p>$& and $1</p></div>');
  });

  it('refuses a template without an empty root', () => {
    expect(() => pageHtml('<html></html>', '<h1>x</h1>')).toThrow(/no empty #root/);
  });
});

describe('withOwnScript', () => {
  it('swaps the app’s script and preloads for the landing page’s script and its imports', () => {
    const html = withOwnScript(template, 'assets/landing-1.js', ['assets/theme-1.js']);
    expect(html).not.toContain('main-1.js');
    expect(html).not.toContain('react-1.js');
    expect(html).toContain('<script type="module" crossorigin src="/assets/landing-1.js"></script>');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/theme-1.js">');
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/main-1.css">');
  });
});
