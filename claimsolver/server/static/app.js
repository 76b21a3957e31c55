/* claimsolver's page: plain JavaScript (no build step). It keeps the claim in the form, asks
   the server to check it (/api/check), to read the statement (/api/parse) and to rule
   (/api/rulings), and draws the answer. Every message shown comes from the server, in the
   CLI's words, next to the field it names. */
"use strict";

const SEATS = ["N", "E", "S", "W"];
const SEAT_NAME = { N: "North", E: "East", S: "South", W: "West" };
const SUITS = ["S", "H", "D", "C"];
const SYM = { S: "♠", H: "♥", D: "♦", C: "♣" };
const RANKS = "AKQJT98765432";
const SIDE = (seat) => (seat === "N" || seat === "S" ? "North-South" : "East-West");
const $ = (id) => document.getElementById(id);

const state = {
  owner: {},        // card -> "N" | "E" | "S" | "W" | "T" (the current trick)
  trickOrder: [],   // cards of the current trick in play order
  extras: {},       // claim fields the form has no control for (kept as loaded, e.g. won_trick)
  check: null,      // the last good /api/check answer for the form's claim
  ruling: null, ruled: null, step: 0, seq: { check: 0, parse: 0, rule: 0 },
};

// --- small helpers ---------------------------------------------------------------------------

function esc(s) {
  return String(s).replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[ch]));
}
function rankText(r) { return r === "T" ? "10" : r; }
function cardHTML(card) {
  const s = card[0], r = card.slice(1);
  const red = s === "H" || s === "D" ? " red" : "";
  return `<span class="sym${red}">${SYM[s] || s}</span>${esc(rankText(r))}`;
}
/** Symbols in free text ("♥A") are coloured too. */
function textHTML(t) {
  return esc(t).replace(/([♥♦])/g, '<span class="red">$1</span>');
}
function normCard(tok) {
  let t = tok.trim().toUpperCase().replace("♠", "S").replace("♥", "H").replace("♦", "D").replace("♣", "C").replace("10", "T");
  if (t.length === 2 && RANKS.includes(t[0]) && SUITS.includes(t[1])) t = t[1] + t[0];
  return t;
}
function debounce(fn, ms) {
  let t = null;
  return (...a) => { clearTimeout(t); t = setTimeout(() => fn(...a), ms); };
}
async function api(path, body) {
  const res = await fetch(path, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  let data = null;
  try { data = await res.json(); } catch (e) { data = { error: "bad answer", message: `HTTP ${res.status}`, problems: [] }; }
  return { ok: res.ok, status: res.status, data };
}

// --- the card picker -------------------------------------------------------------------------

function buildPicker() {
  const p = $("picker");
  for (const s of SUITS) {
    const lab = document.createElement("div");
    lab.className = "suit" + (s === "H" || s === "D" ? " red" : "");
    lab.textContent = SYM[s];
    p.appendChild(lab);
    for (const r of RANKS) {
      const b = document.createElement("button");
      b.type = "button";
      b.className = "card" + (s === "H" || s === "D" ? " red" : "");
      b.dataset.card = s + r;
      b.id = "card-" + s + r;
      b.innerHTML = `${esc(rankText(r))}<span class="own"></span>`;
      b.title = `${SYM[s]}${rankText(r)}`;
      b.addEventListener("click", () => clickCard(s + r));
      p.appendChild(b);
    }
  }
}

function target() { return document.querySelector('input[name="target"]:checked').value; }

function clickCard(card) {
  const t = target(), was = state.owner[card];
  if (was === "T") state.trickOrder = state.trickOrder.filter((c) => c !== card);
  if (was === t) delete state.owner[card];
  else {
    state.owner[card] = t;
    if (t === "T") state.trickOrder.push(card);
  }
  pickerToForm();
}

function handString(seat) {
  const suits = SUITS.map((s) => [...RANKS].filter((r) => state.owner[s + r] === seat).join(""));
  return suits.every((x) => x === "") ? "-" : suits.join(".");
}

function pickerToForm() {
  const any = Object.keys(state.owner).length > 0;
  $("f-deal").value = any ? "N:" + SEATS.map(handString).join(" ") : "";
  $("f-trick").value = state.trickOrder.join(" ");
  drawPicker();
  changed();
}

/** Read the deal and trick fields into the picker (a deal it cannot read leaves it empty: the
    server's message says why, next to the field). */
function formToPicker() {
  state.owner = {};
  state.trickOrder = [];
  const deal = $("f-deal").value.trim();
  const m = deal.match(/^([NESWnesw])\s*:\s*(.*)$/);
  if (m) {
    const hands = m[2].trim().split(/\s+/);
    const first = SEATS.indexOf(m[1].toUpperCase());
    hands.slice(0, 4).forEach((h, i) => {
      if (h === "-") return;
      const seat = SEATS[(first + i) % 4];
      h.split(".").slice(0, 4).forEach((ranks, si) => {
        for (const r of ranks.toUpperCase().replace(/10/g, "T")) {
          if (RANKS.includes(r)) state.owner[SUITS[si] + r] = seat;
        }
      });
    });
  }
  for (const tok of $("f-trick").value.split(/[\s,]+/).filter(Boolean)) {
    const c = normCard(tok);
    if (/^[SHDC][AKQJT2-9]$/.test(c)) { state.owner[c] = "T"; state.trickOrder.push(c); }
  }
  drawPicker();
}

function drawPicker() {
  const counts = { N: 0, E: 0, S: 0, W: 0, T: 0 };
  for (const b of document.querySelectorAll("#picker .card")) {
    const o = state.owner[b.dataset.card];
    b.classList.remove("o-N", "o-E", "o-S", "o-W", "o-T");
    b.querySelector(".own").textContent = o ? (o === "T" ? "T" + (state.trickOrder.indexOf(b.dataset.card) + 1) : o) : "";
    if (o) { b.classList.add("o-" + o); counts[o] += 1; }
  }
  $("picker-counts").textContent = `North ${counts.N} · East ${counts.E} · South ${counts.S} · West ${counts.W} · ` +
    `current trick ${counts.T} · not placed ${52 - Object.keys(state.owner).length}`;
}

// --- the form <-> the claim ------------------------------------------------------------------

const SIMPLE = ["deal", "trump", "declarer", "leader", "claimer", "contract", "vulnerable", "question", "law",
  "regulation", "player_class", "awareness", "id", "source", "note"];
const HANDLED = new Set([...SIMPLE, "claimed", "trick", "statement", "shown_out", "tricks_won", "aware", "unaware",
  "likely", "expected"]);

function list(text) { return text.split(/[\s,]+/).filter(Boolean); }
function num(id) { const v = $(id).value.trim(); return v === "" ? null : Number(v); }

function claimFromForm() {
  const c = JSON.parse(JSON.stringify(state.extras));
  for (const f of SIMPLE) {
    const v = $("f-" + f).value.trim();
    if (v !== "") c[f] = v;
  }
  c.claimed = num("f-claimed");
  c.trick = list($("f-trick").value);
  c.statement = $("f-statement").value;
  const so = {};
  for (const s of SEATS) { const v = $("f-so-" + s).value.trim(); if (v) so[s] = v; }
  if (Object.keys(so).length) c.shown_out = so;
  const twd = num("f-tw-declarer"), twf = num("f-tw-defenders");
  if (twd !== null || twf !== null) c.tricks_won = { declarer: twd, defenders: twf };
  const aware = list($("f-aware").value), unaware = list($("f-unaware").value);
  if (aware.length) c.aware = aware;
  if (unaware.length) c.unaware = unaware;
  const likely = num("f-likely");
  if (likely !== null) c.likely = likely;
  const exp = num("f-expected");
  if (exp !== null) c.expected = Object.assign({}, c.expected || {}, { tricks: exp });
  return c;
}

function formFromClaim(c) {
  state.extras = {};
  for (const [k, v] of Object.entries(c)) if (!HANDLED.has(k)) state.extras[k] = v;
  if (c.expected && typeof c.expected === "object") {
    const rest = Object.assign({}, c.expected); delete rest.tricks;
    if (Object.keys(rest).length) state.extras.expected = rest;
  }
  const defaults = { trump: "NT", vulnerable: "None", question: "contested", law: "duplicate-2017", regulation: "acbl",
    player_class: "club", awareness: "" };
  for (const f of SIMPLE) {
    const v = c[f] === undefined || c[f] === null ? (defaults[f] !== undefined ? defaults[f] : "") : String(c[f]);
    $("f-" + f).value = f === "trump" && v.toUpperCase() === "N" ? "NT" : (f === "question" || f === "law" ||
      f === "regulation" || f === "player_class" || f === "awareness" ? v.toLowerCase() : v);
  }
  $("f-claimed").value = c.claimed === undefined || c.claimed === null ? "" : c.claimed;
  $("f-trick").value = Array.isArray(c.trick) ? c.trick.join(" ") : (c.trick || "");
  $("f-statement").value = c.statement || "";
  for (const s of SEATS) $("f-so-" + s).value = (c.shown_out && c.shown_out[s]) || "";
  $("f-tw-declarer").value = c.tricks_won ? c.tricks_won.declarer : "";
  $("f-tw-defenders").value = c.tricks_won ? c.tricks_won.defenders : "";
  const asText = (x) => (Array.isArray(x) ? x.join(", ") : (x || ""));
  $("f-aware").value = asText(c.aware);
  $("f-unaware").value = asText(c.unaware);
  $("f-likely").value = c.likely === undefined || c.likely === null ? "" : c.likely;
  $("f-expected").value = c.expected && c.expected.tricks !== undefined ? c.expected.tricks : "";
  formToPicker();
  changed();
  statementChanged();
}

// --- errors next to their fields -------------------------------------------------------------

const FIELD_INPUTS = { shown_out: ["f-so-N", "f-so-E", "f-so-S", "f-so-W"], tricks_won: ["f-tw-declarer", "f-tw-defenders"],
  time_limit: ["o-time_limit"], statement: ["f-statement"] };

function clearErrors(scope) {
  for (const e of document.querySelectorAll(`${scope || ""} .err`)) e.textContent = "";
  for (const e of document.querySelectorAll(".invalid")) e.classList.remove("invalid");
}

function showProblems(problems, fallback) {
  for (const p of problems) {
    let field = (p.field || "").replace(/^claim\./, "").split(".")[0].replace(/\[\d+\]$/, "");
    let msg = p.message;
    if (!field) {  // a message that names its field at the start ("law: ...")
      const m = msg.match(/^(\w+): (.*)$/s);
      if (m && document.querySelector(`[data-err="${m[1]}"]`)) { field = m[1]; msg = m[2]; }
    }
    let box = document.querySelector(`[data-err="${field}"]`);
    if (!box) { box = document.querySelector(`[data-err="${fallback || ""}"]`); msg = field ? `${field}: ${msg}` : msg; }
    box.textContent = (box.textContent ? box.textContent + "\n" : "") + msg;
    for (const id of FIELD_INPUTS[field] || ["f-" + field]) { const el = $(id); if (el) el.classList.add("invalid"); }
  }
}

// --- live check of the claim and the statement ----------------------------------------------

const changed = debounce(checkClaim, 250);

async function checkClaim() {
  const seq = ++state.seq.check;
  const r = await api("/api/check", claimFromForm());
  if (seq !== state.seq.check) return;
  clearErrors("#input .grid");
  if (r.ok) {
    state.check = r.data;
    $("tricks-left").textContent = `${r.data.tricks_left} trick(s) left`;
    if (!state.ruling || JSON.stringify(state.ruled) !== JSON.stringify(claimFromForm())) {
      state.ruling = null;
      drawRuling();
    }
  } else {
    state.check = null;
    $("tricks-left").textContent = "";
    showProblems(r.data.problems || [], "");
  }
  statementChanged();
}

const statementChanged = debounce(parseStatement, 200);

async function parseStatement() {
  const text = $("f-statement").value;
  const echo = $("statement-echo");
  const seq = ++state.seq.parse;
  if (!text.trim()) {
    echo.innerHTML = '<span class="muted">No statement: the rest are claimed as good (Law 70D: no line stated).</span>';
    $("f-statement").classList.remove("invalid");
    return;
  }
  const body = { text };
  if (state.check) body.claim = claimFromForm();
  const r = await api("/api/parse", body);
  if (seq !== state.seq.parse) return;
  $("f-statement").classList.toggle("invalid", !r.ok);
  if (r.ok) {
    const d = r.data;
    let h = `<div class="ok">Understood: <b>${textHTML(d.understood)}</b></div>`;
    if (d.steps && d.steps.length) h += "<ol>" + d.steps.map((s) => `<li>${textHTML(s)}</li>`).join("") + "</ol>";
    for (const n of d.notes || []) h += `<div class="note">note: ${textHTML(n)}</div>`;
    if (!d.bound) h += '<div class="muted">(not yet bound to the hands: the position above is incomplete)</div>';
    echo.innerHTML = h;
  } else if (r.data.error === "statement") {
    const d = r.data;
    let said = esc(text);
    if (d.column && d.word) {
      const i = d.column - 1, j = i + d.word.length;
      said = esc(text.slice(0, i)) + `<mark class="bad" id="statement-bad">${esc(text.slice(i, j))}</mark>` + esc(text.slice(j));
    }
    echo.innerHTML = `<div class="said">${said}</div><div class="err">${textHTML(d.message.replace(/^statement: /, ""))}</div>`;
  } else {
    echo.innerHTML = `<div class="err">${textHTML(r.data.message || "cannot read the statement")}</div>`;
  }
}

// --- ruling ------------------------------------------------------------------------------------

async function rule() {
  const seq = ++state.seq.rule;
  const claim = claimFromForm();
  const status = $("status");
  clearErrors();
  status.className = ""; status.textContent = "ruling…";
  $("rule").disabled = true;
  const t0 = performance.now();
  try {
    const chk = await api("/api/check", claim);
    if (!chk.ok) {
      status.className = "bad"; status.textContent = "the claim has errors (marked above)";
      showProblems(chk.data.problems || [], "");
      return;
    }
    const q = new URLSearchParams();
    if ($("o-sensitivity").checked) q.set("sensitivity", "true");
    if ($("o-protections").checked) q.set("protections", "true");
    if ($("o-time_limit").value.trim()) q.set("time_limit", $("o-time_limit").value.trim());
    const r = await api("/api/rulings" + (q.toString() ? "?" + q : ""), claim);
    if (seq !== state.seq.rule) return;
    if (!r.ok) {
      status.className = "bad";
      status.textContent = r.status === 503 ? "not ruled: " + r.data.error : "not ruled: the input has errors (marked above)";
      showProblems(r.data.problems || [{ field: "", message: r.data.message || `HTTP ${r.status}` }], "");
      return;
    }
    state.check = chk.data;
    state.ruling = r.data;
    state.ruled = claim;
    state.step = 0;
    drawRuling();
    status.textContent = `ruled in ${Math.round(performance.now() - t0)} ms`;
  } finally {
    $("rule").disabled = false;
  }
}

function seatTags(seat, claim) {
  const tags = [];
  if (claim.declarer === seat) tags.push("declarer");
  const dummy = SEATS[(SEATS.indexOf(claim.declarer) + 2) % 4];
  if (dummy === seat) tags.push("dummy");
  return tags.length ? ` <span class="tag">(${tags.join(", ")})</span>` : "";
}

/** The four hands after ``step`` tricks of the line: cards of earlier tricks are gone, the
    cards of this trick are shown leaving (faded); the trick itself is in the centre. */
function drawDiagram() {
  const chk = state.check;
  const claim = state.ruled || (chk && chk.claim) || null;
  const line = state.ruling ? state.ruling.line : [];
  const k = state.ruling ? state.step : 0;
  const before = new Set(), now = new Set();
  line.slice(0, Math.max(0, k - 1)).forEach((t) => t.cards.forEach((c) => before.add(c)));
  if (k > 0) line[k - 1].cards.forEach((c) => now.add(c));
  for (const seat of SEATS) {
    const el = $("hand-" + seat);
    if (!chk) { el.innerHTML = `<div class="who">${SEAT_NAME[seat]}</div>`; continue; }
    const cards = chk.hands[seat].filter((c) => !before.has(c));
    const who = `<div class="who${claim && claim.claimer === seat ? " claimer" : ""}">${SEAT_NAME[seat]}${claim ? seatTags(seat, claim) : ""}</div>`;
    el.innerHTML = who + SUITS.map((s) => {
      const held = cards.filter((c) => c[0] === s);
      const ranks = held.map((c) => `<span class="c${now.has(c) ? " gone" : ""}" data-card="${c}">${esc(rankText(c.slice(1)))}</span>`).join(" ");
      return `<div class="s"><span class="${s === "H" || s === "D" ? "red" : ""}">${SYM[s]}</span> ${ranks || "—"}</div>`;
    }).join("");
  }
  const centre = {};
  let label = "", note = "";
  if (!chk) label = "no position yet";
  else if (k === 0) {
    const lead = SEATS.indexOf(chk.leader);
    chk.trick.forEach((c, i) => { centre[SEATS[(lead + i) % 4]] = { c, win: false }; });
    label = chk.trick.length ? `The claim: ${SEAT_NAME[chk.leader]} led to this trick` : `The claim: ${SEAT_NAME[chk.leader]} to lead`;
    note = state.ruling ? `${line.length} trick(s) on the worst normal line: press ▶ to play them` : "";
  } else {
    const t = line[k - 1], lead = SEATS.indexOf(t.leader);
    t.cards.forEach((c, i) => { const s = SEATS[(lead + i) % 4]; centre[s] = { c, win: s === t.winner }; });
    label = `Trick ${k} of ${line.length}: ${SEAT_NAME[t.leader]} leads` + (t.winner ? `, ${SEAT_NAME[t.winner]} wins` : "");
    note = t.note || "";
  }
  for (const seat of SEATS) {
    const slot = document.querySelector("#centre .c-" + seat);
    const x = centre[seat];
    slot.innerHTML = x ? `<span class="pc${x.win ? " win" : ""}" data-card="${x.c}">${cardHTML(x.c)}</span>` : "";
  }
  $("step-label").textContent = label;
  $("step-note").innerHTML = textHTML(note);
  const n = line.length;
  $("step-first").disabled = $("step-back").disabled = !state.ruling || k === 0;
  $("step-fwd").disabled = $("step-last").disabled = !state.ruling || k >= n;
  for (const tr of document.querySelectorAll("table.line tbody tr")) tr.classList.toggle("current", Number(tr.dataset.k) === k);
}

function go(k) {
  if (!state.ruling) return;
  state.step = Math.max(0, Math.min(state.ruling.line.length, k));
  drawDiagram();
}

function tableHTML(rows, caption) {
  if (!rows.length) return "";
  const cols = [];
  rows.forEach((r) => Object.keys(r).forEach((k) => { if (!cols.includes(k)) cols.push(k); }));
  const cell = (v) => (v === null || v === undefined ? "" : typeof v === "object" ? esc(JSON.stringify(v)) : textHTML(String(v)));
  return (caption ? `<h3>${esc(caption)}</h3>` : "") + `<table class="generic"><thead><tr>${cols.map((c) => `<th>${esc(c.replace(/_/g, " "))}</th>`).join("")}</tr></thead>` +
    `<tbody>${rows.map((r) => `<tr>${cols.map((c) => `<td>${cell(r[c])}</td>`).join("")}</tr>`).join("")}</tbody></table>`;
}

const CAPTIONS = { settings: "The award under each regulation, class of player and awareness",
  lifted: "The award with each careless play class that cost a trick lifted" };

/** Any value of the ruling as HTML: lists of objects as tables, objects as key/value rows. */
function valueHTML(name, v) {
  if (Array.isArray(v)) {
    if (!v.length) return "";
    if (v.every((x) => x && typeof x === "object" && !Array.isArray(x))) return tableHTML(v, name);
    return `<h3>${esc(name)}</h3><div>${v.map((x) => textHTML(typeof x === "object" ? JSON.stringify(x) : String(x))).join(", ")}</div>`;
  }
  if (v && typeof v === "object") {
    const parts = Object.entries(v).filter(([, x]) => Array.isArray(x) && x.length && typeof x[0] === "object");
    if (parts.length) {
      return `<h3>${esc(name)}</h3>` + Object.entries(v).map(([k, x]) =>
        `<div data-key="${esc(k)}">${valueHTML(CAPTIONS[k] || k.replace(/_/g, " "), x)}</div>`).join("");
    }
    return tableHTML(Object.entries(v).map(([k, x]) => ({ setting: k, value: Array.isArray(x) ? x.join(", ") : x })), name);
  }
  return `<h3>${esc(name)}</h3><div>${textHTML(String(v))}</div>`;
}

const SHOWN = new Set(["tricks", "claimed", "upheld", "double_dummy", "line", "reasons", "statement", "settings", "result",
  "score", "id", "careless", "applied", "forgotten", "trumps_known", "laws", "sensitivity", "sensitivity_unavailable"]);

function drawRuling() {
  const r = state.ruling, award = $("award"), det = $("details");
  $("print").disabled = !r;
  if (!r) {
    award.className = "award";
    award.innerHTML = state.check ? "The position is complete: press <b>Rule on the claim</b>." : "Enter a claim and press <b>Rule on the claim</b>.";
    det.innerHTML = ""; $("claim-summary").innerHTML = ""; $("report-head").innerHTML = "";
    state.step = 0;
    drawDiagram();
    return;
  }
  const c = state.ruled;
  const side = SIDE(c.claimer);
  award.className = "award " + (r.upheld ? "upheld" : "not-upheld");
  award.innerHTML = `<span class="big" id="award-tricks">${r.tricks} trick${r.tricks === 1 ? "" : "s"} to ${side}</span> ` +
    `<span id="award-claim">(claimed ${r.claimed}: ${r.upheld ? "upheld" : "not upheld"})</span>; double dummy ${r.double_dummy}.` +
    (r.result ? `<div id="award-result">Result: <b>${esc(r.result)}</b>, ${r.score > 0 ? "+" : ""}${r.score} to declarer's side.</div>` : "");
  const facts = [];
  if (c.contract) facts.push(`${esc(c.contract)} by ${SEAT_NAME[c.declarer]}`);
  else facts.push(`declarer ${SEAT_NAME[c.declarer]}`);
  facts.push(`trumps ${c.trump === "NT" ? "none (notrump)" : SYM[c.trump] || c.trump}`);
  if (c.vulnerable) facts.push(`vulnerable: ${esc(c.vulnerable)}`);
  if (c.tricks_won) facts.push(`tricks won before: declarer ${c.tricks_won.declarer}, defenders ${c.tricks_won.defenders}`);
  $("claim-summary").innerHTML = `${SEAT_NAME[c.claimer]} claims ${r.claimed} of the ${state.check.tricks_left} remaining tricks` +
    (c.statement ? `: <q>${textHTML(c.statement)}</q>` : " (no statement)") + `<br>${facts.join(" · ")}`;
  $("report-head").innerHTML = `<h2>Committee report: claim ruling${r.id ? " — " + esc(r.id) : ""}</h2>` +
    `<div class="muted">claimsolver · ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC</div>`;
  let h = "";
  h += `<h3>Statement as understood</h3><ol>${(r.statement || []).map((s) => `<li>${textHTML(s)}</li>`).join("") || "<li>no line stated</li>"}</ol>`;
  h += "<h3>Worst normal line</h3><table class=\"line\"><thead><tr><th>#</th><th>lead</th><th>cards</th><th>won by</th><th>note</th></tr></thead><tbody>";
  h += `<tr data-k="0"><td></td><td colspan="4" class="muted">the claim position</td></tr>`;
  r.line.forEach((t, i) => {
    const lost = t.winner && SIDE(t.winner) !== side;
    h += `<tr data-k="${i + 1}" class="${lost ? "lost" : ""}"><td>${i + 1}</td><td>${t.leader}</td><td>${t.cards.map(cardHTML).join(" ")}</td>` +
      `<td>${t.winner ? SEAT_NAME[t.winner] : ""}</td><td>${textHTML(t.note || "")}</td></tr>`;
  });
  h += "</tbody></table>";
  h += `<h3>Reasons</h3><ul class="reasons">${r.reasons.map((x) => `<li><span class="law">${esc(x.law)}</span> ${textHTML(x.text)}</li>`).join("")}</ul>`;
  if (r.forgotten) h += r.forgotten.length ? tableHTML(r.forgotten, "Cards the claimer may have overlooked") : "<h3>Cards the claimer may have overlooked</h3><div>none</div>";
  if (r.trumps_known) h += `<h3>Trumps still out, taken as known (Law 70C does not apply)</h3><div id="trumps-known">${textHTML(r.trumps_known)}</div>`;
  if (r.laws) h += `<h3>Laws applied</h3><div id="laws">${r.laws.map(esc).join(", ") || "—"}</div>`;
  else if (r.applied && r.applied.length) h += `<h3>Laws applied</h3><div id="laws">${r.applied.map(esc).join(", ")}</div>`;
  if (r.careless && r.careless.length) h += `<h3>Careless plays that cost a trick</h3><div>${r.careless.map(esc).join("; ")}</div>`;
  if (r.sensitivity) h += `<div id="sensitivity">${valueHTML("Sensitivity", r.sensitivity)}</div>`;
  if (r.sensitivity_unavailable) h += `<h3>Sensitivity</h3><div class="muted">${esc(r.sensitivity_unavailable)}</div>`;
  for (const [k, v] of Object.entries(r)) if (!SHOWN.has(k)) h += valueHTML(k.replace(/_/g, " "), v);
  const set = Object.entries(r.settings || {}).map(([k, v]) => `${esc(k.replace(/_/g, " "))}: <b>${esc(Array.isArray(v) ? (v.join(", ") || "—") : v)}</b>`);
  h += `<h3>Settings applied</h3><div id="settings">${set.join(" · ")}</div>`;
  det.innerHTML = h;
  for (const tr of det.querySelectorAll("table.line tbody tr")) tr.addEventListener("click", () => go(Number(tr.dataset.k)));
  drawDiagram();
}

// --- records and JSON ----------------------------------------------------------------------

async function readRecord() {
  clearErrors("#tab-record");
  const r = await api("/api/records", { text: $("record-text").value });
  const sel = $("record-claims");
  sel.innerHTML = "";
  if (!r.ok) { showProblems(r.data.problems || [], "record"); sel.innerHTML = "<option value=''>(no claims)</option>"; return; }
  state.records = r.data.claims;
  if (!r.data.claims.length) {
    sel.innerHTML = `<option value="">no claims among ${r.data.boards} board(s)</option>`;
    return;
  }
  r.data.claims.forEach((x, i) => {
    const o = document.createElement("option");
    o.value = String(i);
    o.textContent = `board ${x.key}: ${x.contract} by ${x.declarer}, ${x.claimer} claims ${x.claimed} of ${x.tricks_left}`;
    sel.appendChild(o);
  });
  sel.value = "0";
  formFromClaim(r.data.claims[0].claim);
}

function loadJSON() {
  clearErrors("#tab-json");
  let c;
  try { c = JSON.parse($("json-text").value); } catch (e) {
    showProblems([{ field: "json", message: `not valid JSON (${e.message})` }], "json");
    return;
  }
  if (!c || typeof c !== "object" || Array.isArray(c)) {
    showProblems([{ field: "json", message: "a claim must be one JSON object" }], "json");
    return;
  }
  formFromClaim(c);
}

// --- start ---------------------------------------------------------------------------------

function init() {
  buildPicker();
  for (const sel of document.querySelectorAll("select.seat")) {
    sel.innerHTML = SEATS.map((s) => `<option value="${s}">${SEAT_NAME[s]}</option>`).join("");
    sel.value = "S";
  }
  $("f-trump").value = "NT";
  for (const t of document.querySelectorAll(".tab")) {
    t.addEventListener("click", () => {
      document.querySelectorAll(".tab, .tabpane").forEach((x) => x.classList.remove("active"));
      t.classList.add("active");
      $(t.dataset.tab).classList.add("active");
    });
  }
  document.querySelectorAll("#input input, #input select").forEach((el) => {
    if (el.name === "target" || el.id.startsWith("o-")) return;
    el.addEventListener("input", () => {
      if (el.id === "f-deal" || el.id === "f-trick") formToPicker();
      changed();
    });
  });
  $("f-statement").addEventListener("input", statementChanged);
  $("picker-clear").addEventListener("click", () => { state.owner = {}; state.trickOrder = []; pickerToForm(); });
  $("record-read").addEventListener("click", readRecord);
  $("record-claims").addEventListener("change", (e) => { if (e.target.value !== "") formFromClaim(state.records[Number(e.target.value)].claim); });
  $("json-load").addEventListener("click", loadJSON);
  $("json-export").addEventListener("click", () => { $("json-text").value = JSON.stringify(claimFromForm(), null, 1); });
  $("rule").addEventListener("click", rule);
  $("step-first").addEventListener("click", () => go(0));
  $("step-back").addEventListener("click", () => go(state.step - 1));
  $("step-fwd").addEventListener("click", () => go(state.step + 1));
  $("step-last").addEventListener("click", () => go(1e9));
  document.addEventListener("keydown", (e) => {
    if (e.target.closest("input, textarea, select")) return;
    if (e.key === "ArrowRight") go(state.step + 1);
    if (e.key === "ArrowLeft") go(state.step - 1);
  });
  let printStep = 0;
  window.addEventListener("beforeprint", () => { printStep = state.step; go(0); });
  window.addEventListener("afterprint", () => go(printStep));
  $("print").addEventListener("click", () => window.print());
  fetch("/api/health").then((r) => r.json()).then((h) => {
    $("health").textContent = `server ${h.status} · ${h.workers} worker(s) · ${h.time_limit} s per ruling`;
  }).catch(() => { $("health").textContent = "server not answering"; });
  drawPicker();
  drawRuling();
  parseStatement();
}

document.addEventListener("DOMContentLoaded", init);
