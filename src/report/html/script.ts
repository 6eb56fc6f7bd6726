// The page's only script: takes nothing, gives the inline JavaScript behind the filter
// ("show only failures and warnings"), the expand/collapse buttons, opening a check named in
// the URL's #fragment and keeping it clear of the sticky filter bar. The page is complete
// without it; it only hides, opens and measures.

export const SCRIPT = `(function () {
  'use strict';
  var box = document.getElementById('only-problems');
  function apply() { document.body.classList.toggle('only-problems', !!(box && box.checked)); }
  if (box) { box.addEventListener('change', apply); apply(); }
  function each(selector, fn) { Array.prototype.forEach.call(document.querySelectorAll(selector), fn); }
  var expand = document.getElementById('expand-problems');
  if (expand) expand.addEventListener('click', function () { each('details.check.problem', function (d) { d.open = true; }); });
  var collapse = document.getElementById('collapse-all');
  if (collapse) collapse.addEventListener('click', function () { each('details[open]', function (d) { d.open = false; }); });
  // A row reached by a link lands below the sticky filter bar, however tall it wraps.
  var bar = document.querySelector('.toolbar');
  function fitBar() { if (bar) document.documentElement.style.setProperty('--toolbar-height', (bar.offsetHeight + 8) + 'px'); }
  window.addEventListener('resize', fitBar);
  fitBar();
  function openFromHash() {
    var id = decodeURIComponent(location.hash.slice(1));
    var el = id ? document.getElementById(id) : null;
    if (el && el.tagName === 'DETAILS') { el.open = true; el.scrollIntoView(); }
  }
  window.addEventListener('hashchange', openFromHash);
  openFromHash();
})();`;
