// The players' pages: pairings, standings and one's own games, read-only, updated live.
'use strict';

const pub = {round: 0, lastPaired: 0, player: Number(localStorage.getItem('arbiter-player')) || 0};

function current() { return (location.hash || '#pairings').slice(1); }

// Never two renders at once (serial in common.js); each view is put in after the server answered.
const refresh = serial(async () => {
  const r = await api('GET', '/event');
  if (!r.ok) return;
  const e = r.data;
  $('event-name').textContent = e.name || 'Pairings and standings';
  $('event-meta').textContent = e.paired_rounds ? `Round ${e.paired_rounds} of ${e.rounds}` : `${e.players.length} players registered`;
  if (!pub.round || pub.round === pub.lastPaired || pub.round > e.paired_rounds) pub.round = e.paired_rounds;
  pub.lastPaired = e.paired_rounds;
  const view = current();
  for (const v of document.querySelectorAll('.view')) v.classList.toggle('active', v.id === 'view-' + view);
  for (const a of document.querySelectorAll('nav a')) a.classList.toggle('active', a.id === 'nav-' + view);
  if (view === 'pairings') await pairings(e);
  else if (view === 'standings') await standings();
  else await card(e);
});

async function pairings(e) {
  const sel = clear($('round-select'));
  for (let r = 1; r <= e.paired_rounds; ++r) sel.append(el('option', {value: r, selected: r === pub.round}, r));
  if (!pub.round) {
    clear($('round-byes'));
    clear($('pairings')).append(el('caption', {}, 'No round paired yet.'));
    return;
  }
  const r = await api('GET', '/rounds/' + pub.round);
  if (!r.ok) return;
  clear($('pairings')).append(
      el('thead', {}, el('tr', {}, el('th', {}, 'Bd'), el('th', {class: 'name'}, 'White'),
         el('th', {}, ''), el('th', {class: 'name'}, 'Black'))),
      el('tbody', {}, r.data.boards.map((b) => el('tr', {id: 'board-' + b.board},
         el('td', {}, b.board), el('td', {class: 'name'}, `${b.white_name} (${fmt(b.white_points)})`),
         el('td', {class: 'res'}, b.result || '–'), el('td', {class: 'name'}, `${b.black_name} (${fmt(b.black_points)})`)))));
  clear($('round-byes')).append(...r.data.byes.map((y) => el('li', {}, `${y.kind}: ${y.name}`)));
}

async function standings() {
  const r = await api('GET', '/standings');
  if (r.ok) clear($('standings')).append(standings_table(r.data));
}

async function card(e) {
  const sel = clear($('player-select'));
  sel.append(el('option', {value: 0}, '—'));
  for (const p of e.players) sel.append(el('option', {value: p.number, selected: p.number === pub.player}, p.name));
  if (!pub.player) { clear($('card')); return; }
  const r = await api('GET', '/players/' + pub.player);
  if (!r.ok) return;
  const c = r.data;
  clear($('card')).append(el('h2', {}, `${c.name} (${c.number}) · ${fmt(c.points)} points`),
      el('table', {class: 'grid'}, el('thead', {}, el('tr', {}, el('th', {}, 'Rd'), el('th', {}, 'Bd'),
      el('th', {class: 'name'}, 'Opponent'), el('th', {}, 'Colour'), el('th', {}, 'Result'))),
      el('tbody', {}, c.rounds.map((x) => el('tr', {}, el('td', {}, x.round), el('td', {}, x.board || ''),
          el('td', {class: 'name'}, x.opponent ? x.opponent_name : x.bye || ''), el('td', {}, x.colour || ''),
          el('td', {}, x.result || (x.opponent ? '…' : fmt(x.points))))))));
}

document.addEventListener('DOMContentLoaded', () => {
  $('round-select').addEventListener('change', (ev) => { pub.round = Number(ev.target.value); refresh(); });
  $('player-select').addEventListener('change', (ev) => {
    pub.player = Number(ev.target.value);
    localStorage.setItem('arbiter-player', pub.player);
    refresh();
  });
  window.addEventListener('hashchange', refresh);
  refresh();
  live(refresh);
});
