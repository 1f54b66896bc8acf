// The arbiters' desk: every action is one API call; every rule and refusal comes from the
// server (the event library), this page only shows them.
'use strict';

// refusalAt: the event's version when the refusal shown was given ('' when none is shown).
const state = {event: null, round: 0, selected: 0, lastPaired: 0, editing: 0, refusal: '', refusalAt: ''};

// One message at a time: each replaces the one before (a later success its refusal).
function notice(text, kind) {
  state.refusalAt = '';
  const box = clear($('notice'));
  if (text) box.append(el('div', {class: kind || 'info', id: 'notice-text'}, text));
}
// A refusal holds for the event as it was: once the event changes (a result typed on another
// desk, `arbiter event` on the file, this desk's next change), it is taken down, so that it
// never stands above a page that contradicts it ("every result is in"). The version it was given
// at is asked for after the refusal came and before it is shown: a change this desk made just
// before, which the live poll has not seen yet, does not take it down, and a change made once the
// refusal is on the screen always does (asked for after showing it, a change in between was
// taken for the refusal's own version, and the refusal stayed up).
async function refusalVersion() {
  const v = await api('GET', '/version');
  return v.ok ? v.data.version : '';
}
function eventChanged(version) {
  if (state.refusalAt && version !== state.refusalAt) notice('');
  refresh();
}

function askToken() {
  $('token-form').classList.remove('hidden');
  $('token').focus();
}

// A request with the token: every write, and the reads of what only the arbiters see (birth
// dates). Without a token, or on 401, the token is asked for (once, then kept in this browser);
// a refusal shows the rule's message as the server gives it.
function tokenRefused(message) { desk.setToken(''); askToken(); notice(message, 'error'); }
async function asArbiter(method, path, body, raw) {
  if (!desk.token()) { askToken(); notice('Enter the desk token first.', 'error'); return null; }
  const r = await api(method, path, body, raw, true);
  if (r.status === 401) { tokenRefused(r.data.error); return null; }
  state.refusal = r.status === 409 ? r.data.error : '';
  if (!r.ok) {
    const at = r.status === 409 ? await refusalVersion() : '';
    notice((r.status === 409 ? 'Refused: ' : 'Error: ') + r.data.error, 'error');
    state.refusalAt = at;
    return null;
  }
  return r.data;
}

// ---- views ---------------------------------------------------------------------------------
function show(view) {
  notice('');  // a message belongs to the page it was given on
  for (const v of document.querySelectorAll('.view')) v.classList.toggle('active', v.id === 'view-' + view);
  for (const a of document.querySelectorAll('nav a')) a.classList.toggle('active', a.id === 'nav-' + view);
  refresh();
  if (view === 'round') $('entry').focus();
}
function current() { return (location.hash || '#round').slice(1); }

// Every re-render goes through refresh (never two at once: see serial in common.js).
const refresh = serial(async () => {
  const r = await api('GET', '/event');
  if (!r.ok) { notice(r.data.error, 'error'); return; }
  const e = state.event = r.data;
  $('event-name').textContent = e.name || 'arbiter desk';
  document.title = (e.name || 'event') + ' - arbiter desk';
  $('event-meta').textContent = `${e.system}, ${e.rounds} round${e.rounds === 1 ? '' : 's'} · ${e.players.length} player${e.players.length === 1 ? '' : 's'} · ` +
      (e.paired_rounds ? `round ${e.paired_rounds} paired` : 'no round paired') + (e.finished ? ' · finished' : '');
  // Follow the newest round unless an older one was chosen on purpose.
  if (!state.round || state.round > e.paired_rounds || state.round === state.lastPaired) state.round = e.paired_rounds;
  state.lastPaired = e.paired_rounds;
  const view = current();
  if (view === 'round') await renderRound();
  else if (view === 'players') renderPlayers();
  else if (view === 'rulings') renderEditor();
  else if (view === 'standings') await renderStandings();
  else if (view === 'exports') await renderHistory();
});

// ---- round ---------------------------------------------------------------------------------
// The round shown: everything is built after the server answered, then put in at once.
async function renderRound() {
  const e = state.event, sel = clear($('round-select'));
  for (let r = 1; r <= e.paired_rounds; ++r) sel.append(el('option', {value: r, selected: r === state.round}, r));
  $('pair-next').textContent = e.next_round > e.rounds ? 'All rounds paired' : `Pair round ${e.next_round}`;
  if (!state.round) {
    clear($('pairings')); clear($('round-byes')); clear($('start-position'));
    $('missing').textContent = 'No round paired yet.';
    return;
  }
  const r = await api('GET', '/rounds/' + state.round);
  if (!r.ok) return;
  const round = r.data;
  const head = el('thead', {}, el('tr', {}, el('th', {}, 'Bd'), el('th', {class: 'hide-narrow'}, 'Pts'),
      el('th', {class: 'name'}, 'White'), el('th', {}, 'Result'), el('th', {class: 'name'}, 'Black'),
      el('th', {class: 'hide-narrow'}, 'Pts')));
  const body = el('tbody', {}, round.boards.map((b) =>
    el('tr', {id: 'board-' + b.board, class: (b.result ? '' : 'pending') + (b.board === state.selected ? ' selected' : '')},
        el('td', {}, b.board), el('td', {class: 'hide-narrow'}, fmt(b.white_points)),
        el('td', {class: 'name'}, `${b.white_name} (${b.white})`),
        el('td', {class: 'res'}, b.result || '…'),
        el('td', {class: 'name'}, `${b.black_name} (${b.black})`),
        el('td', {class: 'hide-narrow'}, fmt(b.black_points)))));
  const title = `${e.name || 'Event'}: round ${round.round} of ${e.rounds}, pairings`;
  clear($('pairings')).append(el('caption', {id: 'round-title'}, title), head, body);
  clear($('round-byes')).append(...round.byes.map((y) => el('li', {}, `${y.kind}: ${y.name} (${y.player})`)));
  const m = $('missing');
  m.className = 'missing' + (round.missing.length ? '' : ' done');
  m.textContent = round.missing.length ? `Missing: board ${round.missing.join(', ')}`
                                        : `Round ${round.round}: every result is in.`;
  const start = clear($('start-position'));
  if (round.chess960_start)
    start.append(el('p', {id: 'start-text'}, `Chess960 start position ${round.chess960_start.position} for every board of round ${round.round}: ${round.chess960_start.fen}`),
                 board_svg(round.chess960_start.fen, 200));
}

const keyResult = {'1': '1-0', '0': '0-1', '=': '1/2-1/2', '+': '+-', '-': '-+', '*': null};

// Keyboard entry: digits choose the board, Enter (or Space) confirms it, then one key gives
// the result. = + - and * need no Enter (they cannot be part of a board number).
async function entryKey(ev) {
  const input = $('entry');
  const k = ev.key;
  if (k === 'Escape') { input.value = ''; state.selected = 0; entryState(); return; }
  // A board number no longer number could continue (board 5 of 40, any board of 1-9) is chosen
  // at once: then the result key follows directly, as the issue has it (board, then 1 0 = + -).
  if (!state.selected && /^\d$/.test(k)) {
    const boards = document.querySelectorAll('#pairings tbody tr').length;
    const n = Number(input.value + k);
    if (n >= 1 && n <= boards && n * 10 > boards) {
      ev.preventDefault();
      input.value = String(n);
      selectBoard(n);
      return;
    }
  }
  if (!state.selected && (k === 'Enter' || k === ' ')) {
    ev.preventDefault();
    selectBoard(Number(input.value));
    return;
  }
  if (k in keyResult && (state.selected || (/^\d+$/.test(input.value) && !/\d/.test(k)))) {
    ev.preventDefault();
    const board = state.selected || Number(input.value);
    await enter(board, keyResult[k]);
    return;
  }
  if (k.length === 1 && !/\d/.test(k)) ev.preventDefault();
  if (/\d/.test(k) && state.selected) { ev.preventDefault(); }
}
function selectBoard(b) {
  const boards = document.querySelectorAll('#pairings tbody tr').length;
  if (!(b >= 1 && b <= boards)) { notice(`There is no board ${$('entry').value || '(none)'} in round ${state.round}.`, 'error'); $('entry').value = ''; return; }
  state.selected = b;
  $('entry').value = b + ' → ';
  entryState();
  refresh();
}
function entryState() {
  $('entry-state').textContent = state.selected
      ? `Board ${state.selected}: 1 (white wins), 0 (black wins), = (draw), + / - (forfeit), * (clear), Esc (cancel)`
      : 'Type the board number (then Enter if a longer number could follow), then 1 (white wins), 0 (black wins), = (draw), + or - (forfeits).';
}
// A result others have built on (a later round paired, the event over) is refused as the CLI
// refuses it; the arbiter may then change it anyway, as `event result --force` does.
async function enter(board, result, force) {
  const round = state.round;
  const out = await asArbiter('PUT', `/rounds/${round}/boards/${board}`, force ? {result, force: true} : {result});
  $('entry').value = '';
  state.selected = 0;
  entryState();
  if (out) notice(`Board ${board}: ${out.white_name} - ${out.black_name} ${out.result || 'cleared'}` +
                  (out.effects.length ? ' (forced: ' + out.effects.join('; ') + ')' : ''));
  else if (/--force/.test(state.refusal || ''))
    $('notice-text').append(' ', el('button', {type: 'button', class: 'small', id: 'force-result',
        onclick: () => { state.round = round; enter(board, result, true); }}, 'Change it anyway'));
  await refresh();
}

async function pairNext() {
  const out = await asArbiter('POST', '/rounds/next', {force: $('pair-force').checked});
  if (!out) return;
  state.round = out.round;
  $('pair-force').checked = false;
  notice(`Round ${out.round} paired.` + (out.notes.length ? ' ' + out.notes.join(' · ') : ''));
  await refresh();
}

// ---- players -------------------------------------------------------------------------------
function renderPlayers() {
  const e = state.event;
  clear($('regulations')).append(...e.regulations.map((t) => el('li', {}, t)));
  // Empty means the next round: a live re-render never writes into the field being typed in.
  $('player-round').placeholder = `${Math.min(e.next_round, e.rounds)} (next)`;
  const t = clear($('players'));
  t.append(el('thead', {}, el('tr', {}, el('th', {}, 'No'), el('th', {class: 'name'}, 'Name'),
      el('th', {class: 'hide-narrow'}, 'Title'), el('th', {class: 'hide-narrow'}, 'Fed'), el('th', {}, 'Rtg'),
      el('th', {}, 'Pts'), el('th', {class: 'name'}, 'Status'), el('th', {class: 'name'}, 'Actions'))));
  const body = el('tbody');
  for (const p of e.players) {
    const status = [];
    if (p.withdrawn_from) status.push(`withdrawn from round ${p.withdrawn_from}` + (p.withdrawn_for_good ? ' for good' : ''));
    for (const b of p.byes_requested) status.push(`${b.kind === 'half' ? '½ bye' : 'absent'} round ${b.round}`);
    if (p.no_shows.length) status.push(`no-show round ${p.no_shows.join(', ')}`);
    if (p.entry_round > 1) status.push(`entered in round ${p.entry_round}`);
    const act = (label, fn) => el('button', {class: 'small', type: 'button', onclick: fn}, label);
    const round = () => Number($('player-round').value) || e.next_round;
    body.append(el('tr', {id: 'player-' + p.number},
        el('td', {}, p.number), el('td', {class: 'name'}, p.name), el('td', {class: 'hide-narrow'}, p.title),
        el('td', {class: 'hide-narrow'}, p.federation), el('td', {}, p.rating || ''), el('td', {class: 'pts'}, fmt(p.points)),
        el('td', {class: 'name'}, status.join('; ')),
        el('td', {class: 'name'},
           act('edit', () => editPlayer(p.number)),
           act('½ bye', () => playerAction(p, 'byes', {round: round(), kind: 'half'})),
           act('absent', () => playerAction(p, 'byes', {round: round(), kind: 'zero'})),
           p.byes_requested.map((b) => act(`cancel bye ${b.round}`, () => playerAction(p, 'byes/' + b.round, undefined, 'DELETE'))),
           p.withdrawn_from ? act('reinstate', () => playerAction(p, 'reinstate', {}))
                            : act('withdraw', () => playerAction(p, 'withdraw', {round: round()})),
           p.no_shows.length ? act('excuse', () => playerAction(p, 'excuse', {})) : null)));
  }
  t.append(body);
}
async function playerAction(p, what, body, method) {
  const out = await asArbiter(method || 'POST', `/players/${p.number}/${what}`, body);
  if (out) notice(out.message);
  await refresh();
}
// The registration form, also used to correct a player (state.editing: the pairing number).
async function register(ev) {
  ev.preventDefault();
  const f = new FormData($('register'));
  const body = {};
  for (const [k, v] of f.entries()) {
    if (v === '') continue;
    body[k] = ['standard', 'rapid', 'blitz', 'national'].includes(k) ? Number(v) : v;
  }
  const editing = state.editing;
  const out = await asArbiter(editing ? 'PUT' : 'POST', editing ? `/players/${editing}` : '/players', body);
  if (!out) return;
  notice(editing ? `Corrected ${out.name}, now number ${out.number}.` : `Registered ${out.name} as number ${out.number}.`);
  editDone();
  $('register').elements.name.focus();
  await refresh();
}
// The form is filled from the player as the arbiters see it (the list is the public answer,
// without the birth date), so that saving a correction never blanks a field it did not show.
async function editPlayer(number) {
  const p = await asArbiter('GET', `/players/${number}`);
  if (!p) return;
  const f = $('register').elements;
  state.editing = p.number;
  for (const k of ['name', 'title', 'federation', 'fide_id', 'sex', 'birth']) f[k].value = p[k] || '';
  for (const k of ['standard', 'rapid', 'blitz', 'national']) f[k].value = p.ratings[k] || '';
  $('register-title').textContent = `Correct player ${p.number}`;
  $('register-button').textContent = 'Save the correction';
  $('edit-cancel').classList.remove('hidden');
  f.name.focus();
}
function editDone() {
  state.editing = 0;
  $('register').reset();
  $('register-title').textContent = 'Register a player';
  $('register-button').textContent = 'Register';
  $('edit-cancel').classList.add('hidden');
}
async function importCsv(ev) {
  ev.preventDefault();
  const file = $('csv-file').files[0];
  if (!file) { notice('Choose a CSV file first.', 'error'); return; }
  const out = await asArbiter('POST', '/players/import', await file.text(), true);
  if (out) notice(`Registered ${out.registered.length} players from ${file.name}.`);
  await refresh();
}

// ---- standings, history --------------------------------------------------------------------
async function renderStandings() {
  const r = await api('GET', '/standings');
  if (!r.ok) { notice(r.data.error, 'error'); return; }
  clear($('standings')).append(el('div', {class: 'scroll'}, standings_table(r.data)));
  clear($('crosstable-box')).append(el('div', {class: 'scroll'}, crosstable(r.data)));
  await renderPrizes();
}
async function renderPrizes(ev) {
  if (ev) ev.preventDefault();
  const q = `?places=${encodeURIComponent($('prize-places').value || 3)}&filter=${encodeURIComponent($('prize-filter').value.trim())}`;
  const r = await api('GET', '/prizes' + q);
  if (!r.ok) { notice('Error: ' + r.data.error, 'error'); return; }
  const ol = clear($('prizes'));
  for (const p of r.data.places)
    ol.append(el('li', {}, p.players.length ? p.players.map((x) => `${x.name} (${x.number}, ${fmt(x.points)})`).join('; ')
                                          : '(shared above)'));
}
async function renderHistory() {
  const r = await api('GET', '/history');
  if (r.ok) clear($('history')).append(...r.data.changes.map((c) => el('li', {}, c)));
}
async function undo() {
  const out = await asArbiter('POST', '/undo', {});
  if (out) notice('Undone: ' + out.undone);
  await refresh();
}

// ---- rulings -------------------------------------------------------------------------------
// The position editor: the diagram is the board the arbiter sets up (a click puts the chosen
// piece on a square, or takes it off again) and the FEN field says the same position (pasting
// a FEN redraws the diagram).
const editor = {piece: 'K'};
const START_FEN = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
function fenFields() {
  const f = $('fen').value.trim().split(/\s+/);
  return {board: f[0] || '8/8/8/8/8/8/8/8', side: f[1] || 'w', castling: f[2] || '-', rest: f.slice(4)};
}
function boardArray(placement) {
  const sq = [];
  for (const row of placement.split('/').slice(0, 8)) {
    const line = [];
    for (const c of row) if (/[1-8]/.test(c)) line.push(...Array(Number(c)).fill('')); else line.push(c);
    sq.push(...line.concat(Array(8).fill('')).slice(0, 8));
  }
  while (sq.length < 64) sq.push('');
  return sq;
}
function placementOf(sq) {
  const rows = [];
  for (let r = 0; r < 8; ++r) {
    let row = '', empty = 0;
    for (const c of sq.slice(8 * r, 8 * r + 8)) {
      if (!c) { ++empty; continue; }
      if (empty) row += empty;
      row += c; empty = 0;
    }
    rows.push(row + (empty ? empty : ''));
  }
  return rows.join('/');
}
// Castling rights whose king and rook left their squares go (standard chess; a Chess960 FEN
// keeps what the arbiter typed).
function keptCastling(castling, sq) {
  if ($('chess960').checked || castling === '-') return castling;
  const at = (name) => sq['abcdefgh'.indexOf(name[0]) + 8 * (8 - Number(name[1]))];
  const ok = {K: at('e1') === 'K' && at('h1') === 'R', Q: at('e1') === 'K' && at('a1') === 'R',
              k: at('e8') === 'k' && at('h8') === 'r', q: at('e8') === 'k' && at('a8') === 'r'};
  return [...castling].filter((c) => ok[c]).join('') || '-';
}
function placeOn(square) {
  const f = fenFields(), sq = boardArray(f.board);
  const i = 'abcdefgh'.indexOf(square[0]) + 8 * (8 - Number(square[1]));
  sq[i] = sq[i] === editor.piece ? '' : editor.piece;
  $('fen').value = `${placementOf(sq)} ${f.side} ${keptCastling(f.castling, sq)} - 0 1`;
  drawEditor();
}
function setSide(side) {
  const f = fenFields();
  $('fen').value = [f.board, side, f.castling, '-', ...(f.rest.length ? f.rest : ['0', '1'])].join(' ');
}
function drawEditor() {
  const f = fenFields();
  $('side').value = f.side === 'b' ? 'b' : 'w';
  clear($('diagram')).append(board_svg(f.board, 320, placeOn));
}
function renderEditor() {
  const pal = $('palette');
  if (!pal.firstChild) {
    const pieces = [['K', '♔'], ['Q', '♕'], ['R', '♖'], ['B', '♗'], ['N', '♘'], ['P', '♙'],
                    ['k', '♚'], ['q', '♛'], ['r', '♜'], ['b', '♝'], ['n', '♞'], ['p', '♟']];
    for (const [p, g] of pieces)
      pal.append(el('button', {type: 'button', class: 'piece-pick' + (p === editor.piece ? ' chosen' : ''),
                               id: 'pick-' + (p === p.toUpperCase() ? 'w' : 'b') + p.toLowerCase(),
                               title: (p === p.toUpperCase() ? 'white ' : 'black ') + p.toLowerCase(),
                               onclick: (ev) => {
                                 editor.piece = p;
                                 for (const b of pal.querySelectorAll('.piece-pick')) b.classList.toggle('chosen', b === ev.currentTarget);
                               }}, g));
    pal.append(el('button', {type: 'button', class: 'small', id: 'board-empty',
                             onclick: () => { $('fen').value = '8/8/8/8/8/8/8/8 w - - 0 1'; drawEditor(); }}, 'empty board'),
               el('button', {type: 'button', class: 'small', id: 'board-start',
                             onclick: () => { $('fen').value = START_FEN; drawEditor(); }}, 'start position'));
  }
  if (!$('diagram').firstChild) drawEditor();
}

async function rule(ev) {
  ev.preventDefault();
  const fen = $('fen').value.trim();
  drawEditor();
  const out = await asArbiter('POST', '/rulings/flag', {fen, flagged: $('flagged').value,
      unsupervised: $('unsupervised').checked, chess960: $('chess960').checked});
  const box = clear($('ruling'));
  if (!out) return;
  notice('');
  add(box, el('div', {class: 'verdict', id: 'verdict'}, out.ruling ? `Ruling: ${out.ruling}` : 'No ruling'),
             out.rule ? el('div', {}, `Rule: ${out.rule}`) : null,
             el('div', {}, `Position: ${out.legality}`),
             out.issues.map((i) => el('div', {}, '– ' + i)),
             el('p', {id: 'explanation'}, out.explanation),
             out.witness ? el('div', {}, 'Witness line: ', el('span', {class: 'witness', id: 'witness'}, out.witness)) : null);
  if (out.witness_fens && out.witness_fens.length) playThrough(fen, out.witness_moves, out.witness_fens);
}

// The position's status, as `arbiter status` gives it: legal (with the proof game), not
// contradicted, not reachable or illegal (Art. 3.10.3, A.5.4); then check, checkmate,
// stalemate or dead position (5.1.1, 5.2.1, 5.2.2) and whether each side can still mate.
async function positionStatus() {
  const fen = $('fen').value.trim();
  drawEditor();
  const out = await asArbiter('POST', '/rulings/status', {fen, chess960: $('chess960').checked});
  const box = clear($('ruling'));
  if (!out) return;
  notice('');
  const mate = (side) => out[side] ? el('div', {id: 'can-' + side},
      `${side} can checkmate: ${out[side].can_checkmate} (${out[side].reason})`) : null;
  add(box, el('div', {class: 'verdict', id: 'status-verdict'}, `Position: ${out.status}`),
             out.issues.map((i) => el('div', {}, '– ' + i.message)),
             out.status === 'illegal (A.5.4)' ? el('p', {}, 'A.5.4: wait until the next move is completed; if the illegal position is still on the board, the game is drawn.') : null,
             out.proof ? el('div', {}, `Proof game (${out.proof.plies} plies): `, el('span', {class: 'witness'}, out.proof.game || '(the start position itself)')) : null,
             out.state ? el('div', {id: 'state'}, `State: ${out.state}, ${out.side_to_move} to move`) : null,
             mate('white'), mate('black'));
}

// Steps through the witness line on the diagram (positions computed by the server).
function playThrough(start, moves, fens) {
  const all = [start, ...fens];
  let ply = 0;
  const label = el('span', {id: 'ply'});
  const draw = () => {
    if (ply === 0) drawEditor();  // the position set up, editable again
    else clear($('diagram')).append(board_svg(all[ply], 320));
    label.textContent = ply ? `after ${moves[ply - 1]} (${ply}/${fens.length})` : 'start position';
  };
  const step = (k) => () => { ply = Math.max(0, Math.min(fens.length, ply + k)); draw(); };
  $('ruling').append(el('div', {class: 'toolbar'},
      el('button', {type: 'button', class: 'small', id: 'ply-first', title: 'start position', onclick: () => { ply = 0; draw(); }}, '« start'),
      el('button', {type: 'button', class: 'small', id: 'ply-back', title: 'one move back', onclick: step(-1)}, '‹ back'),
      el('button', {type: 'button', class: 'small', id: 'ply-next', title: 'one move on', onclick: step(1)}, 'next ›'),
      el('button', {type: 'button', class: 'small', id: 'ply-last', title: 'end of the line', onclick: () => { ply = fens.length; draw(); }}, 'end »'),
      label));
  draw();
}
async function pgnText() {
  const file = $('pgn-file').files[0];
  return file ? await file.text() : $('pgn-text').value;
}
async function recordPgn() {
  if (!state.round) { notice('No round is paired yet.', 'error'); return; }
  const out = await asArbiter('POST', `/rounds/${state.round}/pgn`, await pgnText(), true);
  const box = clear($('pgn-report'));
  if (!out) return;
  notice(`Round ${out.round}: ${out.recorded.length} result(s) recorded, ${out.refused.length} game(s) refused.`);
  box.append(el('ul', {id: 'pgn-recorded'},
      out.recorded.map((r) => el('li', {}, 'recorded: ' + r)),
      out.refused.map((r) => el('li', {class: 'status-errors'}, 'refused: ' + r)),
      out.warnings.map((r) => el('li', {}, 'warning: ' + r))));
}
async function validatePgn(ev) {
  ev.preventDefault();
  const text = await pgnText();
  const out = await asArbiter('POST', '/rulings/pgn', text, true);
  const box = clear($('pgn-report'));
  if (!out) return;
  box.append(el('p', {}, `${out.count} game(s), ${out.with_errors} with errors.`));
  const t = el('table', {class: 'grid', id: 'pgn-table'}, el('thead', {}, el('tr', {}, el('th', {}, '#'),
      el('th', {class: 'name'}, 'White'), el('th', {class: 'name'}, 'Black'), el('th', {}, 'Result'),
      el('th', {}, 'Status'), el('th', {class: 'name'}, 'Findings'))));
  const body = el('tbody');
  for (const g of out.games)
    body.append(el('tr', {}, el('td', {}, g.game), el('td', {class: 'name'}, g.white), el('td', {class: 'name'}, g.black),
        el('td', {}, g.result), el('td', {class: 'status-' + g.status}, g.status),
        el('td', {class: 'name'}, g.issues.map((i) => el('div', {class: i.severity === 'error' ? 'status-errors' : ''}, `line ${i.line}:${i.column}: ${i.severity} [${i.code}] ${i.message}`)))));
  t.append(body);
  box.append(el('div', {class: 'scroll'}, t));
}

// ---- downloads -----------------------------------------------------------------------------
// An export fetched with the token in a header (the TRF report holds the birth dates, so it is
// the arbiters' download) and saved from memory under the server's file name: the long-lived
// token never goes into a URL or a cookie, and a cross-site page cannot start the download.
async function download(ev) {
  ev.preventDefault();
  const headers = desk.token() ? {Authorization: 'Bearer ' + desk.token()} : {};
  let res;
  try {
    res = await fetch(ev.currentTarget.getAttribute('href'), {headers, cache: 'no-store'});
  } catch (e) {
    notice('the desk cannot be reached: ' + e.message, 'error');
    return;
  }
  if (!res.ok) {
    let message = res.statusText;
    try { message = (await res.json()).error; } catch (e) { /* not JSON: the status says it */ }
    if (res.status === 401) tokenRefused(message);
    else notice('Error: ' + message, 'error');
    return;
  }
  const name = /filename="([^"]+)"/.exec(res.headers.get('Content-Disposition') || '');
  const url = URL.createObjectURL(await res.blob());
  const save = el('a', {href: url, download: name ? name[1] : 'export', class: 'hidden'});
  document.body.append(save);
  save.click();
  save.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60000);
  notice('Downloaded ' + (name ? name[1] : 'the export') + '.');
}

// ---- wiring --------------------------------------------------------------------------------
document.addEventListener('DOMContentLoaded', () => {
  $('token-form').addEventListener('submit', (ev) => {
    ev.preventDefault();
    desk.setToken($('token').value.trim());
    $('token-form').classList.add('hidden');
    notice('Token saved in this browser.');
  });
  if (!desk.token()) askToken();
  $('pair-next').addEventListener('click', pairNext);
  $('print').addEventListener('click', () => window.print());
  $('round-select').addEventListener('change', (ev) => { state.round = Number(ev.target.value); state.selected = 0; refresh(); });
  $('entry').addEventListener('keydown', entryKey);
  $('register').addEventListener('submit', register);
  $('csv-import').addEventListener('submit', importCsv);
  $('flag-form').addEventListener('submit', rule);
  $('status-button').addEventListener('click', positionStatus);
  $('fen').addEventListener('input', drawEditor);
  $('side').addEventListener('change', (ev) => { setSide(ev.target.value); drawEditor(); });
  $('pgn-form').addEventListener('submit', validatePgn);
  $('undo').addEventListener('click', undo);
  $('pgn-record').addEventListener('click', recordPgn);
  $('prize-form').addEventListener('submit', renderPrizes);
  $('edit-cancel').addEventListener('click', editDone);
  for (const a of document.querySelectorAll('.exports a')) a.addEventListener('click', download);
  window.addEventListener('hashchange', () => show(current()));
  show(current());
  live(eventChanged);
});
