(function () {
  var games = Array.prototype.slice.call(document.querySelectorAll('section.game'));
  var current = { game: 0, ply: 0 };
  if (!games.length) return;
  function frames(g) { return games[g].querySelectorAll('.frames > svg'); }
  function show(g, p) {
    g = Math.max(0, Math.min(games.length - 1, g));
    var all = frames(g), last = all.length - 1;
    p = Math.max(0, Math.min(last, p));
    games.forEach(function (s, i) { s.hidden = i !== g; });
    for (var i = 0; i < all.length; i++) all[i].classList.toggle('on', i === p);
    var section = games[g];
    var slider = section.querySelector('input[type=range]');
    if (slider) slider.value = p;
    var number = section.querySelector('.plynumber');
    if (number) number.textContent = 'ply ' + p + ' / ' + last;
    var items = section.querySelectorAll('ol.moves li');
    var caption = section.querySelector('.caption');
    for (var j = 0; j < items.length; j++) {
      var on = Number(items[j].dataset.ply) === p;
      items[j].classList.toggle('on', on);
      if (on) {
        if (caption) caption.textContent = items[j].dataset.caption || '';
        var list = items[j].parentElement;
        var top = items[j].offsetTop - list.offsetTop;
        if (top < list.scrollTop || top > list.scrollTop + list.clientHeight - items[j].offsetHeight)
          list.scrollTop = top - list.clientHeight / 2;
      }
    }
    var links = document.querySelectorAll('nav.games a');
    for (var k = 0; k < links.length; k++) links[k].classList.toggle('on', k === g);
    current = { game: g, ply: p };
    var hash = '#game=' + (g + 1) + '&ply=' + p;
    if (location.hash !== hash && history.replaceState) history.replaceState(null, '', hash);
    // Where the board and the whole view are, for scripts that check the page in a browser.
    function rect(element) {
      var r = element.getBoundingClientRect();
      return [r.left + window.scrollX, r.top + window.scrollY, r.width, r.height].map(Math.round).join(',');
    }
    if (all.length) document.body.dataset.board = rect(all[p]);
    document.body.dataset.view = rect(section.querySelector('.view'));
    document.body.dataset.shown = (g + 1) + ',' + p + ',' + last;
  }
  function fromHash() {
    var params = {};
    location.hash.replace(/^#/, '').split('&').forEach(function (pair) {
      var kv = pair.split('='); if (kv[0]) params[kv[0]] = decodeURIComponent(kv[1] || '');
    });
    var g = parseInt(params.game || '1', 10) - 1;
    if (isNaN(g)) g = 0;
    g = Math.max(0, Math.min(games.length - 1, g));
    var last = frames(g).length - 1;
    var p = params.ply === 'last' ? last : parseInt(params.ply || '0', 10);
    show(g, isNaN(p) ? 0 : p);
  }
  function go(where) {
    var last = frames(current.game).length - 1;
    var p = { first: 0, prev: current.ply - 1, next: current.ply + 1, last: last }[where];
    show(current.game, p);
  }
  games.forEach(function (section, g) {
    section.querySelector('.frames').classList.remove('nojs');
    section.querySelectorAll('button[data-go]').forEach(function (b) {
      b.addEventListener('click', function () { go(b.dataset.go); });
    });
    var slider = section.querySelector('input[type=range]');
    if (slider) slider.addEventListener('input', function () { show(g, Number(slider.value)); });
    section.querySelectorAll('ol.moves li').forEach(function (li) {
      li.addEventListener('click', function () { show(g, Number(li.dataset.ply)); });
    });
  });
  document.querySelectorAll('nav.games a').forEach(function (a, g) {
    a.addEventListener('click', function (e) { e.preventDefault(); show(g, 0); });
  });
  document.addEventListener('keydown', function (e) {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    if (e.target && e.target.type === 'range' && /Arrow/.test(e.key)) return;
    var where = { ArrowLeft: 'prev', ArrowRight: 'next', Home: 'first', End: 'last' }[e.key];
    if (where) { e.preventDefault(); go(where); }
  });
  window.addEventListener('hashchange', fromHash);
  fromHash();
})();
