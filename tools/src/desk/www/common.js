// Shared by the desk and the public pages: DOM building (text only, never HTML: a player named
// "<script>" is shown as text), the API client, live updates and the SVG board.
'use strict';

// el('td', {class: 'x'}, 'text', child, ...): children are strings (text nodes) or nodes.
function el(tag, attrs, ...children) {
  const svg = ['svg', 'rect', 'text', 'g', 'path', 'circle'].includes(tag);
  const e = svg ? document.createElementNS('http://www.w3.org/2000/svg', tag)
                : document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k.startsWith('on')) e.addEventListener(k.slice(2), v);
    else e.setAttribute(k, v === true ? '' : String(v));
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    e.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return e;
}
function $(id) { return document.getElementById(id); }
// Appends children to `node` as el() does: arrays flattened, null/undefined/false skipped,
// strings as text.
function add(node, ...children) {
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return node;
}
function clear(node) { while (node.firstChild) node.removeChild(node.firstChild); return node; }
function fmt(points) { return points === null || points === undefined ? '' : String(points).replace(/\.5$/, '½').replace(/^0½$/, '½'); }

const desk = {
  token: () => localStorage.getItem('arbiter-token') || '',
  setToken: (t) => t ? localStorage.setItem('arbiter-token', t) : localStorage.removeItem('arbiter-token'),
};

// Calls the API; resolves to {ok, status, data}. Writes carry the token in a header (CSRF-safe:
// no cookie is involved); a read carries it only `asArbiter` (the desk's reads of birth dates),
// so the public pages never send it.
async function api(method, path, body, raw, asArbiter) {
  const headers = {};
  if (method !== 'GET' || asArbiter) headers['Authorization'] = 'Bearer ' + desk.token();
  let payload;
  if (body !== undefined) {
    headers['Content-Type'] = raw ? 'text/plain; charset=utf-8' : 'application/json';
    payload = raw ? body : JSON.stringify(body);
  }
  let res;
  try {
    res = await fetch('/api' + path, {method, headers, body: payload, cache: 'no-store'});
  } catch (e) {
    return {ok: false, status: 0, data: {error: 'the desk cannot be reached: ' + e.message}};
  }
  let data = null;
  try { data = await res.json(); } catch (e) { data = {error: res.statusText}; }
  return {ok: res.ok, status: res.status, data};
}

// How often the pages ask whether the event changed: twice a second, so a change made anywhere
// (another desk, the CLI) is on every screen within a second (issue 21). The browser test reads
// it.
const LIVE_POLL_MS = 500;

// Calls `onchange(version)` whenever the event file changes (another desk, the CLI, this desk):
// polls a cheap version stamp every LIVE_POLL_MS.
function live(onchange) {
  let last = null;
  async function tick() {
    const r = await api('GET', '/version');
    if (r.ok && r.data.version !== last) {
      const first = last === null;
      last = r.data.version;
      if (!first) onchange(last);
    }
    setTimeout(tick, LIVE_POLL_MS);
  }
  tick();
}

// Wraps an async render so that runs never overlap: a call while one runs asks for one more run
// after it (the latest state wins). Two overlapping renders that each clear a table, await the
// server and then append rows would otherwise leave both sets of rows (seen under machine load:
// the live update and a button's refresh at once).
function serial(render) {
  let running = null, again = false;
  const run = async () => {
    do { again = false; await render(); } while (again);
    running = null;
  };
  return () => {
    if (running) { again = true; return running; }
    running = run();
    return running;
  };
}

// An SVG chess board for the board part of a FEN, drawn here (no images fetched). With
// `onSquare`, a click on a square calls onSquare('e4') (the desk's position editor).
function board_svg(fen, size, onSquare) {
  const glyph = {K: '♔', Q: '♕', R: '♖', B: '♗', N: '♘', P: '♙',
                 k: '♚', q: '♛', r: '♜', b: '♝', n: '♞', p: '♟'};
  const s = size || 320, q = s / 8;
  const svg = el('svg', {xmlns: 'http://www.w3.org/2000/svg', viewBox: `0 0 ${s} ${s}`,
                         width: s, height: s, class: 'board' + (onSquare ? ' editable' : ''), role: 'img',
                         'aria-label': 'board ' + fen});
  const name = (r, f) => 'abcdefgh'[f] + (8 - r);
  const rows = (fen || '').trim().split(/\s+/)[0].split('/');
  for (let r = 0; r < 8; ++r)
    for (let f = 0; f < 8; ++f)
      svg.append(el('rect', {x: f * q, y: r * q, width: q, height: q, 'data-square': name(r, f),
                             fill: (r + f) % 2 ? '#b58863' : '#f0d9b5'}));
  rows.slice(0, 8).forEach((row, r) => {
    let f = 0;
    for (const c of row) {
      if (/[1-8]/.test(c)) { f += Number(c); continue; }
      if (glyph[c] && f < 8)
        svg.append(el('text', {x: f * q + q / 2, y: r * q + q * 0.8, 'text-anchor': 'middle',
                               'font-size': q * 0.85, class: 'piece', 'data-square': name(r, f)}, glyph[c]));
      ++f;
    }
  });
  for (let f = 0; f < 8; ++f)
    svg.append(el('text', {x: f * q + q - 3, y: s - 3, 'text-anchor': 'end', 'font-size': q / 5,
                           class: 'coord', fill: f % 2 ? '#f0d9b5' : '#b58863'}, 'abcdefgh'[f]));
  if (onSquare)
    svg.addEventListener('click', (ev) => {
      const sq = ev.target.getAttribute && ev.target.getAttribute('data-square');
      if (sq) onSquare(sq);
    });
  return svg;
}

// A standings table from GET /api/standings.
function standings_table(st) {
  const specs = st.tiebreaks || [];
  const head = el('tr', {}, el('th', {}, '#'), el('th', {class: 'name'}, 'Player'),
                  el('th', {}, 'Rtg'), el('th', {}, 'Pts'), specs.map((t) => el('th', {}, t)));
  const rows = (st.standings || []).map((r) => el('tr', {},
      el('td', {}, r.shared ? r.rank + '=' : r.rank),
      el('td', {class: 'name'}, (r.title ? r.title + ' ' : '') + r.name),
      el('td', {}, r.rating || ''), el('td', {class: 'pts'}, fmt(r.points)),
      specs.map((t) => el('td', {}, r.tiebreaks[t] === null ? '' : r.tiebreaks[t]))));
  return el('table', {class: 'grid', id: 'standings-table'}, el('thead', {}, head), el('tbody', {}, rows));
}

// A crosstable from the same data: one column per round (opponent's rank, colour, result).
function crosstable(st) {
  const rankOf = {};
  (st.standings || []).forEach((r) => { rankOf[r.startNo] = r.rank; });
  const rounds = Math.max(0, ...(st.standings || []).map((r) => r.rounds.length));
  const head = el('tr', {}, el('th', {}, '#'), el('th', {class: 'name'}, 'Player'),
                  Array.from({length: rounds}, (_, i) => el('th', {}, i + 1)), el('th', {}, 'Pts'));
  const rows = (st.standings || []).map((r) => el('tr', {},
      el('td', {}, r.rank), el('td', {class: 'name'}, r.name),
      r.rounds.map((c) => el('td', {}, (c.opponent ? rankOf[c.opponent] + (c.colour || '') : '') + c.result)),
      el('td', {class: 'pts'}, fmt(r.points))));
  return el('table', {class: 'grid', id: 'crosstable'}, el('thead', {}, head), el('tbody', {}, rows));
}
