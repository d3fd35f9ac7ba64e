/// The recorder's single page: HTML, CSS and JavaScript in one string, served at `/`.
/// No external scripts, fonts or style sheets: it works offline on 127.0.0.1.
///
/// Drawing uses Pointer Events, so mouse, pen and touch all work (`touch-action: none`
/// keeps the browser from scrolling while drawing). A sample may hold several strokes; it
/// ends after a pause with no pointer down (settable, 0 = never) or with the Done button.
/// Points are CSS pixels relative to the canvas, times seconds since the sample's first
/// pointer-down; coalesced events are kept, so a fast pen loses no points.
enum RecorderPage {
    static let html = #"""
<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>GestureLab recorder</title>
<link rel="icon" href="data:,">
<style>
  :root { --ink: #1d2733; --muted: #687684; --line: #d5dbe1; --accent: #2c6bed; --ok: #1b8a4b; --no: #b3362c; --bg: #f5f7f9; }
  * { box-sizing: border-box; }
  body { margin: 0; font: 14px/1.4 system-ui, -apple-system, "Segoe UI", sans-serif; color: var(--ink); background: var(--bg); }
  header { display: flex; align-items: baseline; gap: 1em; padding: 10px 16px; background: #fff; border-bottom: 1px solid var(--line); }
  header h1 { font-size: 17px; margin: 0; }
  header .store { color: var(--muted); font-family: ui-monospace, monospace; font-size: 12px; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
  main { display: grid; grid-template-columns: minmax(300px, 520px) minmax(280px, 1fr); gap: 16px; padding: 16px; }
  @media (max-width: 820px) { main { grid-template-columns: 1fr; } }
  section { background: #fff; border: 1px solid var(--line); border-radius: 8px; padding: 12px; }
  h2 { font-size: 13px; text-transform: uppercase; letter-spacing: .04em; color: var(--muted); margin: 0 0 8px; }
  #pad-wrap { position: relative; }
  #pad { display: block; width: 100%; aspect-ratio: 1 / 1; background: #fff; border: 2px dashed var(--line); border-radius: 6px; touch-action: none; cursor: crosshair; }
  #pad.drawing { border-color: var(--accent); }
  [hidden] { display: none !important; }
  #pad-hint { position: absolute; inset: 0; display: flex; align-items: center; justify-content: center; color: #b5bec7; pointer-events: none; font-size: 16px; }
  .row { display: flex; flex-wrap: wrap; gap: 8px; align-items: center; margin-top: 10px; }
  button { font: inherit; padding: 6px 12px; border: 1px solid var(--line); border-radius: 6px; background: #fff; cursor: pointer; }
  button.primary { background: var(--accent); border-color: var(--accent); color: #fff; }
  button:disabled { opacity: .45; cursor: default; }
  input[type=text], input[type=number], select { font: inherit; padding: 5px 8px; border: 1px solid var(--line); border-radius: 6px; background: #fff; }
  input[type=number] { width: 6em; }
  label.field { display: flex; flex-direction: column; gap: 3px; color: var(--muted); font-size: 12px; }
  #status { margin-top: 10px; min-height: 1.4em; }
  #status.error { color: var(--no); font-weight: 600; }
  #status.ok { color: var(--ok); }
  #facts { color: var(--muted); margin-bottom: 6px; }
  #results { list-style: none; margin: 0; padding: 0; }
  #results li { padding: 6px 8px; border-radius: 6px; margin-bottom: 4px; background: var(--bg); }
  #results li.yes { background: #e3f4ea; }
  #results li.no { background: #f8e9e7; }
  #results .verdict { font-weight: 700; margin-right: .4em; }
  #results li.yes .verdict { color: var(--ok); }
  #results li.no .verdict { color: var(--no); }
  #results .detail { color: var(--muted); font-size: 12px; }
  #labels { display: flex; flex-wrap: wrap; gap: 6px; margin-bottom: 8px; }
  #labels button.active { border-color: var(--accent); color: var(--accent); font-weight: 600; }
  #confusions { display: grid; grid-template-columns: repeat(auto-fill, minmax(120px, 1fr)); gap: 8px; margin-top: 8px; }
  #confusions figure { margin: 0; border: 1px solid #d66; border-radius: 6px; padding: 4px; font-size: 11px; }
  #confusions select { max-width: 100%; font-size: 11px; }
  #thumbs { display: grid; grid-template-columns: repeat(auto-fill, minmax(86px, 1fr)); gap: 8px; }
  figure.thumb { position: relative; margin: 0; border: 1px solid var(--line); border-radius: 6px; padding: 4px; background: #fff; }
  figure.thumb canvas { display: block; width: 100%; aspect-ratio: 1 / 1; }
  figure.thumb figcaption { font-size: 11px; color: var(--muted); white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
  figure.thumb button { position: absolute; top: 2px; right: 2px; padding: 0 6px; line-height: 18px; font-size: 13px; color: var(--no); }
  figure.thumb.broken { border-color: var(--no); }
  #report { white-space: pre-wrap; font: 12px/1.35 ui-monospace, monospace; background: var(--bg); padding: 8px; border-radius: 6px; max-height: 320px; overflow: auto; }
  .muted { color: var(--muted); }
  kbd { font: 11px ui-monospace, monospace; border: 1px solid var(--line); border-radius: 3px; padding: 0 3px; }
</style>
</head>
<body>
<header>
  <h1>GestureLab recorder</h1>
  <span class="store" id="store-path" title="sample store"></span>
  <span class="muted" id="total"></span>
</header>
<main>
  <div>
    <section>
      <h2>Draw</h2>
      <div id="pad-wrap">
        <canvas id="pad" width="480" height="480" aria-label="drawing pad"></canvas>
        <div id="pad-hint">draw here — mouse, pen or touch</div>
      </div>
      <div class="row">
        <button id="done" title="end the sample now">Done</button>
        <button id="clear" title="Esc">Clear</button>
        <button id="save" class="primary" disabled title="Enter">Save</button>
        <button id="undo" title="Ctrl+Z: undo the last save or delete">Undo</button>
      </div>
      <div class="row">
        <button id="session" title="record every finger, with times, until Stop: a touch session for gesturelab eval engine">Record a session</button>
        <button id="session-mark" disabled title="mark the time you draw the selected label (press again to end the mark)">Mark: I'm drawing the label</button>
        <span id="session-note" class="muted"></span>
      </div>
      <div class="row">
        <label class="field">end a sample after a pause of (ms; 0 = Done only)
          <input id="pause-ms" type="number" min="0" step="100" value="800">
        </label>
        <label><input id="autosave" type="checkbox"> save when a sample ends</label>
      </div>
      <div id="status" role="status" aria-live="polite"></div>
      <div id="last-saved" hidden></div>
    </section>
    <section style="margin-top:16px">
      <h2>Samples</h2>
      <div id="labels"></div>
      <div id="thumbs"></div>
    </section>
  </div>
  <div>
    <section>
      <h2>Label and subject</h2>
      <div class="row" style="margin-top:0">
        <label class="field">label
          <select id="label-select"><option value="">— pick a label —</option></select>
        </label>
        <label class="field">new label
          <input id="new-label" type="text" maxlength="64" placeholder="e.g. check">
        </label>
        <button id="add-label">Add</button>
      </div>
      <div class="row">
        <label class="field">subject (who draws)
          <input id="subject" type="text" maxlength="64" placeholder="e.g. s01">
        </label>
      </div>
    </section>
    <section style="margin-top:16px">
      <h2>Last sample</h2>
      <div id="facts">nothing drawn yet</div>
      <ul id="results"></ul>
    </section>
    <section style="margin-top:16px">
      <h2>Training</h2>
      <div class="row" style="margin-top:0">
        <button id="train">Train from the store</button>
        <span id="train-note" class="muted"></span>
      </div>
      <div id="model" class="muted"></div>
      <pre id="report" hidden></pre>
    </section>
    <section style="margin-top:16px">
      <h2>Confusions</h2>
      <div class="row" style="margin-top:0">
        <button id="check-examples">Check my examples</button>
        <span id="confusions-note" class="muted"></span>
      </div>
      <div id="confusions"></div>
    </section>
    <p class="muted">Keys: <kbd>Enter</kbd> save · <kbd>Esc</kbd> clear · <kbd>Ctrl</kbd>+<kbd>Z</kbd> undo</p>
  </div>
</main>
<script>
"use strict";
(function () {
  const $ = (id) => document.getElementById(id);
  const pad = $("pad"), ctx = pad.getContext("2d");
  const S = {
    strokes: [],        // finished strokes of the sample being drawn: [[x, y, t], ...]
    current: null,      // the stroke under the pointer
    pointerId: null,
    t0: null,           // timeStamp (ms) of the sample's first pointer-down
    device: null,       // pointerType of the sample's first stroke
    timer: null,        // pause timer
    pending: null,      // finished sample waiting to be saved
    labels: [],         // [{label, count}]
    shown: null,        // label whose thumbnails are shown ("" = all)
    busy: false,
  };

  // ---- messages -------------------------------------------------------
  function status(text, kind) {
    const el = $("status");
    el.textContent = text;
    el.className = kind || "";
  }
  async function api(method, path, body) {
    const init = { method, headers: {} };
    if (body !== undefined) {
      init.headers["Content-Type"] = "application/json";
      init.body = JSON.stringify(body);
    }
    let res;
    try { res = await fetch(path, init); }
    catch (e) { throw new Error("the recorder server is not reachable (" + e.message + ")"); }
    let data = null;
    const text = await res.text();
    try { data = text ? JSON.parse(text) : null; } catch (e) { data = null; }
    if (!res.ok) {
      const msg = data && data.error && data.error.message ? data.error.message : (res.status + " " + res.statusText);
      throw new Error(msg);
    }
    return data;
  }

  // ---- drawing pad ----------------------------------------------------
  function resizePad() {
    const r = pad.getBoundingClientRect();
    const dpr = window.devicePixelRatio || 1;
    const w = Math.max(1, Math.round(r.width * dpr)), h = Math.max(1, Math.round(r.height * dpr));
    if (pad.width !== w || pad.height !== h) { pad.width = w; pad.height = h; }
    redraw();
  }
  function padPoint(e) {
    const r = pad.getBoundingClientRect();
    const t = S.t0 === null ? 0 : Math.max(0, (e.timeStamp - S.t0) / 1000);
    return [Math.round((e.clientX - r.left) * 100) / 100, Math.round((e.clientY - r.top) * 100) / 100, Math.round(t * 10000) / 10000];
  }
  function drawStroke(points, color, width) {
    if (!points.length) return;
    const dpr = window.devicePixelRatio || 1;
    ctx.strokeStyle = color; ctx.fillStyle = color; ctx.lineWidth = width * dpr;
    ctx.lineCap = "round"; ctx.lineJoin = "round";
    ctx.beginPath();
    ctx.moveTo(points[0][0] * dpr, points[0][1] * dpr);
    for (let i = 1; i < points.length; i++) ctx.lineTo(points[i][0] * dpr, points[i][1] * dpr);
    if (points.length === 1) { ctx.arc(points[0][0] * dpr, points[0][1] * dpr, width * dpr / 2, 0, 2 * Math.PI); ctx.fill(); }
    else ctx.stroke();
    // start dot, so the direction shows
    ctx.beginPath(); ctx.arc(points[0][0] * dpr, points[0][1] * dpr, 3.5 * dpr, 0, 2 * Math.PI); ctx.fill();
  }
  function redraw() {
    ctx.clearRect(0, 0, pad.width, pad.height);
    const color = S.pending ? "#2c6bed" : "#1d2733";
    for (const s of S.strokes) drawStroke(s, color, 3);
    if (S.current) drawStroke(S.current, "#1d2733", 3);
    $("pad-hint").hidden = S.strokes.length > 0 || S.current !== null;
  }
  function clearTimer() { if (S.timer) { clearTimeout(S.timer); S.timer = null; } }
  function clearPad() {
    clearTimer();
    S.strokes = []; S.current = null; S.pointerId = null; S.t0 = null; S.device = null; S.pending = null;
    $("save").disabled = true;
    pad.classList.remove("drawing");
    redraw();
  }
  function pauseMs() {
    const v = parseInt($("pause-ms").value, 10);
    return Number.isFinite(v) && v > 0 ? v : 0;
  }

  // ---- session mode: every pointer, into the engine's touch-session lines ----
  // While a session records, the pad's pointer events go here (capture phase, so the
  // one-stroke sample recorder never sees them). Each pointer gets a touch id; each
  // event is one line {t, phase, touches: [{id, x, y}]}; marks are labelled windows.
  const SESSION = { on: false, t0: null, ids: new Map(), next: 1, events: [], labels: [], mark: null, paths: new Map() };
  function sessionTime(e) {
    if (SESSION.t0 === null) SESSION.t0 = e.timeStamp;
    const last = SESSION.events.length ? SESSION.events[SESSION.events.length - 1].t : 0;
    return Math.max(last, Math.round((e.timeStamp - SESSION.t0) / 1000 * 1e6) / 1e6);
  }
  function sessionLine(e, phase) {
    const r = pad.getBoundingClientRect();
    let id = SESSION.ids.get(e.pointerId);
    if (phase === "began") { id = SESSION.next++; SESSION.ids.set(e.pointerId, id); SESSION.paths.set(id, []); }
    if (id === undefined) return;
    const x = Math.round((e.clientX - r.left) * 100) / 100, y = Math.round((e.clientY - r.top) * 100) / 100;
    SESSION.events.push({ t: sessionTime(e), phase, touches: [{ id, x, y }] });
    SESSION.paths.get(id).push([x, y, 0]);
    if (phase === "ended" || phase === "cancelled") SESSION.ids.delete(e.pointerId);
    S.strokes = Array.from(SESSION.paths.values());
    redraw();
    $("session-note").textContent = "recording: " + SESSION.events.length + " lines, " + (SESSION.next - 1) + " touches" +
      (SESSION.labels.length ? ", " + SESSION.labels.length + " marked" : "");
  }
  const sessionHandlers = {
    pointerdown: (e) => { try { pad.setPointerCapture(e.pointerId); } catch (err) {} sessionLine(e, "began"); },
    pointermove: (e) => { if (SESSION.ids.has(e.pointerId)) sessionLine(e, "moved"); },
    pointerup: (e) => sessionLine(e, "ended"),
    pointercancel: (e) => sessionLine(e, "cancelled"),
  };
  for (const [type, handler] of Object.entries(sessionHandlers)) {
    pad.addEventListener(type, (e) => {
      if (!SESSION.on) return;
      e.preventDefault(); e.stopImmediatePropagation();
      handler(e);
    }, { capture: true });
  }
  function endMark(t) {
    if (!SESSION.mark) return;
    SESSION.labels.push({ name: SESSION.mark.name, start: SESSION.mark.start, end: Math.max(t, SESSION.mark.start) });
    SESSION.mark = null;
    $("session-mark").textContent = "Mark: I'm drawing the label";
  }
  async function toggleSession() {
    const b = $("session");
    if (!SESSION.on) {
      clearPad();
      Object.assign(SESSION, { on: true, t0: performance.now(), ids: new Map(), next: 1, events: [], labels: [], mark: null, paths: new Map() });
      b.textContent = "Stop and save the session";
      $("session-mark").disabled = false;
      $("session-note").textContent = "recording every finger; Mark to label a stretch, Stop to save";
      document.body.dataset.session = "on";
      return;
    }
    const now = SESSION.events.length ? SESSION.events[SESSION.events.length - 1].t : 0;
    endMark(now);
    SESSION.on = false;
    b.textContent = "Record a session";
    $("session-mark").disabled = true;
    document.body.dataset.session = "off";
    // Fingers still down when Stop is pressed are cancelled, so the session is complete.
    const open = Array.from(SESSION.ids.values());
    if (open.length) SESSION.events.push({ t: now, phase: "cancelled", touches: open.map((id) => {
      const p = SESSION.paths.get(id); const q = p[p.length - 1]; return { id, x: q[0], y: q[1] }; }) });
    if (!SESSION.events.length) { $("session-note").textContent = "nothing recorded"; return; }
    try {
      const r = await api("POST", "/api/sessions", { events: SESSION.events, labels: SESSION.labels });
      const note = $("session-note");
      note.dataset.file = r.file;
      note.textContent = "saved " + r.lines + " lines, " + r.touches + " touches, " + r.labels + " marked → " + r.file;
      status("session saved → " + r.file + " (gesturelab eval engine --sessions on its folder)", "ok");
    } catch (e) { status("session not saved: " + e.message, "error"); }
    clearPad();
  }
  $("session").onclick = () => toggleSession();
  $("session-mark").onclick = () => {
    const t = SESSION.t0 === null ? 0 : Math.max(0, (performance.now() - SESSION.t0) / 1000);
    if (SESSION.mark) { endMark(t); return; }
    const name = $("label-select").value;
    if (!name) { status("pick a label to mark", "error"); return; }
    SESSION.mark = { name, start: t };
    $("session-mark").textContent = "End mark (" + name + ")";
  };

  pad.addEventListener("pointerdown", (e) => {
    if (S.pointerId !== null) return;          // one pointer at a time
    if (e.pointerType === "mouse" && e.button !== 0) return;
    e.preventDefault();
    clearTimer();
    if (S.pending) { S.strokes = []; S.pending = null; S.t0 = null; S.device = null; $("save").disabled = true; }
    if (S.t0 === null) { S.t0 = e.timeStamp; S.device = e.pointerType || "mouse"; }
    S.pointerId = e.pointerId;
    try { pad.setPointerCapture(e.pointerId); } catch (err) { /* synthetic pointers may not capture */ }
    S.current = [padPoint(e)];
    pad.classList.add("drawing");
    redraw();
  });
  pad.addEventListener("pointermove", (e) => {
    if (e.pointerId !== S.pointerId || !S.current) return;
    e.preventDefault();
    const events = typeof e.getCoalescedEvents === "function" ? e.getCoalescedEvents() : [];
    for (const ce of (events.length ? events : [e])) {
      const p = padPoint(ce), last = S.current[S.current.length - 1];
      if (p[2] < last[2]) p[2] = last[2];     // keep times increasing
      S.current.push(p);
    }
    redraw();
  });
  function endStroke(e) {
    if (e.pointerId !== S.pointerId || !S.current) return;
    const p = padPoint(e), last = S.current[S.current.length - 1];
    if (p[0] !== last[0] || p[1] !== last[1]) { if (p[2] < last[2]) p[2] = last[2]; S.current.push(p); }
    S.strokes.push(S.current);
    S.current = null; S.pointerId = null;
    pad.classList.remove("drawing");
    redraw();
    const ms = pauseMs();
    if (ms > 0) S.timer = setTimeout(finishSample, ms);
  }
  pad.addEventListener("pointerup", endStroke);
  pad.addEventListener("pointercancel", endStroke);

  // ---- a finished sample ----------------------------------------------
  function sampleBody() {
    const label = $("label-select").value;
    const subject = $("subject").value.trim();
    const body = {
      format: "gesturelab.sample/1",
      meta: {
        device: S.device || "mouse",
        recorder: "gesturelab record",
        canvas: Math.round(pad.getBoundingClientRect().width) + "x" + Math.round(pad.getBoundingClientRect().height),
      },
      strokes: S.pending ? S.pending.strokes : S.strokes,
    };
    if (label) body.label = label;
    if (subject) body.subject = subject;
    return body;
  }
  async function finishSample() {
    clearTimer();
    if (S.current || !S.strokes.length) return;
    S.pending = { strokes: S.strokes.slice() };
    $("save").disabled = false;
    redraw();
    const n = S.pending.strokes.reduce((a, s) => a + s.length, 0);
    status("sample ready: " + S.pending.strokes.length + " stroke(s), " + n + " points — Save to keep it");
    try {
      const r = await api("POST", "/api/recognize", sampleBody());
      showResults(r.facts, r.results);
    } catch (e) { status(e.message, "error"); }
    if ($("autosave").checked) await save();
  }
  function showResults(facts, results) {
    const f = $("facts");
    const parts = [facts.strokes + " stroke" + (facts.strokes === 1 ? "" : "s"), facts.points + " points",
                   "length " + facts.pathLength.toFixed(0) + " px"];
    if (facts.duration !== null && facts.duration !== undefined) parts.push(facts.duration.toFixed(2) + " s");
    f.textContent = parts.join(" · ");
    f.dataset.points = facts.points; f.dataset.strokes = facts.strokes;
    const ul = $("results");
    ul.replaceChildren();
    if (!results.length) {
      const li = document.createElement("li");
      li.className = "none";
      li.textContent = "No recognizers in this build.";
      ul.append(li);
      return;
    }
    for (const r of results) {
      const li = document.createElement("li");
      li.className = "result " + (r.recognized === true ? "yes" : r.recognized === false ? "no" : "");
      li.dataset.name = r.name; li.dataset.kind = r.kind;
      li.dataset.recognized = r.recognized === null || r.recognized === undefined ? "" : String(r.recognized);
      if (r.match) li.dataset.match = r.match;
      const v = document.createElement("span");
      v.className = "verdict";
      v.textContent = r.recognized === true ? "✓" : r.recognized === false ? "✗" : "•";
      const name = document.createElement("strong");
      name.textContent = r.name;
      li.append(v, name);
      const extra = [];
      if (r.match) extra.push("best: " + r.match);
      if (r.score !== null && r.score !== undefined) extra.push("score " + r.score.toFixed(3));
      if (extra.length) li.append(" — " + extra.join(", "));
      const d = document.createElement("div");
      d.className = "detail";
      d.textContent = r.detail + (r.scoreMeaning ? " (" + r.scoreMeaning + ")" : "");
      li.append(d);
      ul.append(li);
    }
  }
  async function save() {
    if (S.busy) return;
    if (!S.pending) { if (S.strokes.length && !S.current) await finishSample(); if (!S.pending) return; }
    if (!$("label-select").value) { status("pick or add a label before saving", "error"); $("new-label").focus(); return; }
    S.busy = true;
    try {
      const r = await api("POST", "/api/samples", sampleBody());
      showResults(r.facts, r.results);
      const ls = $("last-saved");
      ls.dataset.label = r.label; ls.dataset.id = r.id; ls.dataset.points = r.facts.points; ls.dataset.strokes = r.facts.strokes;
      status("saved " + r.label + " #" + r.count + " (" + r.facts.points + " points) → " + r.file, "ok");
      clearPad();
      S.shown = r.label;
      await refresh();
      if (S.trainsAfterEdits) followTraining().catch(() => {});
    } catch (e) {
      status("not saved: " + e.message, "error");
    } finally { S.busy = false; }
  }
  async function undo() {
    try {
      const r = await api("POST", "/api/undo", {});
      status(r.action + (r.label ? " (" + r.label + " " + r.id + ")" : ""), "ok");
      await refresh();
    } catch (e) { status("undo failed: " + e.message, "error"); }
  }
  async function removeSample(label, id) {
    try {
      await api("DELETE", "/api/samples/" + encodeURIComponent(label) + "/" + encodeURIComponent(id));
      status("deleted " + label + " " + id + " (Undo brings it back)", "ok");
      await refresh();
    } catch (e) { status("delete failed: " + e.message, "error"); }
  }

  async function relabelSample(label, id, to) {
    try {
      await api("POST", "/api/samples/" + encodeURIComponent(label) + "/" + encodeURIComponent(id) + "/relabel", { label: to });
      status("moved " + label + " " + id + " to " + to + " (Undo moves it back)", "ok");
      await refresh();
    } catch (e) { status("relabel failed: " + e.message, "error"); }
  }
  // The examples the model in use rejects or takes for another label: each with its
  // verdict, a delete button and a "move to" label list.
  async function checkExamples() {
    const box = $("confusions"), note = $("confusions-note");
    note.textContent = "checking…";
    try {
      const r = await api("GET", "/api/confusions");
      box.replaceChildren();
      note.textContent = r.confusions.length + " of " + r.checked + " examples not accepted as their label by " + r.recognizer;
      box.dataset.count = String(r.confusions.length);
      for (const c of r.confusions) {
        const s = c.sample;
        const fig = document.createElement("figure");
        fig.dataset.label = s.label; fig.dataset.id = s.id; fig.dataset.match = c.match || "";
        fig.title = c.verdict;
        const cv = document.createElement("canvas");
        cv.width = 96; cv.height = 96;
        const cap = document.createElement("figcaption");
        cap.textContent = s.label + " → " + (c.accepted ? "taken for " + c.match : "rejected" + (c.match ? " (closest " + c.match + ")" : ""));
        const del = document.createElement("button");
        del.textContent = "delete"; del.className = "delete-confused";
        del.onclick = async () => { await removeSample(s.label, s.id); await checkExamples(); };
        const sel = document.createElement("select");
        sel.className = "relabel";
        const first = document.createElement("option");
        first.value = ""; first.textContent = "move to…";
        sel.append(first);
        for (const l of S.labels) {
          if (l.label === s.label) continue;
          const o = document.createElement("option"); o.value = l.label; o.textContent = l.label; sel.append(o);
        }
        sel.onchange = async () => { if (sel.value) { await relabelSample(s.label, s.id, sel.value); await checkExamples(); } };
        fig.append(cv, cap, del, sel);
        box.append(fig);
        drawThumb(cv, s.thumbnail);
      }
    } catch (e) { note.textContent = ""; status("checking examples: " + e.message, "error"); }
  }

  // ---- labels, thumbnails ---------------------------------------------
  function fillLabels(current) {
    const sel = $("label-select");
    const keep = current !== undefined ? current : sel.value;
    sel.replaceChildren();
    const none = document.createElement("option");
    none.value = ""; none.textContent = "— pick a label —";
    sel.append(none);
    for (const l of S.labels) {
      const o = document.createElement("option");
      o.value = l.label; o.textContent = l.label + " (" + l.count + ")";
      sel.append(o);
    }
    if (keep && S.labels.some((l) => l.label === keep)) sel.value = keep;
    const bar = $("labels");
    bar.replaceChildren();
    const all = document.createElement("button");
    all.textContent = "all"; all.dataset.label = "";
    if (S.shown === "" || S.shown === null) all.className = "active";
    all.onclick = () => { S.shown = ""; refresh(); };
    bar.append(all);
    for (const l of S.labels) {
      const b = document.createElement("button");
      b.textContent = l.label + " · " + l.count;
      b.dataset.label = l.label; b.dataset.count = l.count;
      if (S.shown === l.label) b.className = "active";
      b.onclick = () => { S.shown = l.label; refresh(); };
      bar.append(b);
    }
  }
  function drawThumb(canvas, strokes) {
    const c = canvas.getContext("2d"), w = canvas.width, pad = 8, k = w - 2 * pad;
    c.clearRect(0, 0, w, w);
    c.strokeStyle = "#1d2733"; c.lineWidth = 2; c.lineCap = "round"; c.lineJoin = "round";
    for (const s of strokes) {
      if (!s.length) continue;
      c.beginPath();
      c.moveTo(pad + s[0][0] * k, pad + s[0][1] * k);
      for (let i = 1; i < s.length; i++) c.lineTo(pad + s[i][0] * k, pad + s[i][1] * k);
      c.stroke();
      c.fillStyle = "#2c6bed";
      c.beginPath(); c.arc(pad + s[0][0] * k, pad + s[0][1] * k, 3, 0, 2 * Math.PI); c.fill();
    }
  }
  async function refresh() {
    const st = await api("GET", "/api/state");
    $("store-path").textContent = st.store;
    $("total").textContent = st.total + " sample" + (st.total === 1 ? "" : "s");
    S.labels = st.labels.concat(S.labels.filter((l) => l.count === 0 && !st.labels.some((m) => m.label === l.label)));
    fillLabels();
    const train = $("train");
    train.disabled = !st.trainingAvailable;
    $("train-note").textContent = st.trainingAvailable ? "" : "the training workflow is not part of this build";
    if (st.report) showReport(st.report);
    showModel(st);
    const q = S.shown ? "?label=" + encodeURIComponent(S.shown) + "&limit=120" : "?limit=60";
    const list = await api("GET", "/api/samples" + q);
    const box = $("thumbs");
    box.replaceChildren();
    if (!list.samples.length) { const p = document.createElement("p"); p.className = "muted"; p.textContent = "no samples yet"; box.append(p); }
    for (const s of list.samples) {
      const fig = document.createElement("figure");
      fig.className = "thumb" + (s.error ? " broken" : "");
      fig.dataset.label = s.label; fig.dataset.id = s.id; fig.dataset.points = s.points; fig.dataset.strokes = s.strokes;
      fig.title = s.error ? s.error : s.label + " " + s.id + (s.subject ? " by " + s.subject : "");
      const cv = document.createElement("canvas");
      cv.width = 96; cv.height = 96;
      const cap = document.createElement("figcaption");
      cap.textContent = s.error ? "unreadable" : s.label + " · " + s.points + " pts" + (s.subject ? " · " + s.subject : "");
      const del = document.createElement("button");
      del.textContent = "×"; del.title = "delete this sample"; del.className = "delete";
      del.onclick = () => removeSample(s.label, s.id);
      fig.append(cv, cap, del);
      box.append(fig);
      drawThumb(cv, s.thumbnail);
    }
  }
  function showModel(st) {
    const m = $("model");
    m.dataset.model = st.model || "";
    m.textContent = st.model
      ? "Recognizing with your own model (" + st.model + "): " + st.recognizers.join(", ")
      : "Recognizing with: " + (st.recognizers.length ? st.recognizers.join(", ") : "nothing") +
        (st.trainingAvailable ? " — save examples (or press Train) and the page learns your gestures" : "");
  }
  // After an edit the server trains by itself (record --train-after-ms): follow it until
  // no training runs or waits, then show its report and the model in use.
  async function followTraining() {
    const token = (S.follow = (S.follow || 0) + 1);
    $("train-note").textContent = "training on your examples…";
    for (let i = 0; i < 480 && token === S.follow; i++) {
      await new Promise((r) => setTimeout(r, 125));
      const st = await api("GET", "/api/state");
      if (!st.trainingPending) {
        if (st.report) showReport(st.report);
        showModel(st);
        $("train-note").textContent = "";
        return;
      }
    }
  }
  function showReport(report) {
    const pre = $("report");
    pre.hidden = false;
    pre.textContent = report.summary + "\n" + report.createdAt + "\n\n" + report.text +
      (report.files && report.files.length ? "\n\nfiles:\n" + report.files.join("\n") : "");
  }
  function addLabel() {
    const input = $("new-label");
    const label = input.value.trim();
    if (!label) { status("type a label first", "error"); return; }
    if (/[\/\\]/.test(label) || label.startsWith(".")) {
      status("invalid label \"" + label + "\": letters, digits, '-', '_', '.', and spaces only; no path separators", "error");
      return;
    }
    if (!S.labels.some((l) => l.label === label)) S.labels.push({ label, count: 0 });
    fillLabels(label);
    input.value = "";
    localStorage.setItem("gesturelab.label", label);
    status("label \"" + label + "\" selected", "ok");
  }

  // ---- wiring -----------------------------------------------------------
  $("done").onclick = () => finishSample();
  $("clear").onclick = () => { clearPad(); status(""); };
  $("save").onclick = () => save();
  $("undo").onclick = () => undo();
  $("check-examples").onclick = () => checkExamples();
  $("add-label").onclick = () => addLabel();
  $("new-label").addEventListener("keydown", (e) => { if (e.key === "Enter") { e.preventDefault(); e.stopPropagation(); addLabel(); } });
  $("label-select").onchange = () => localStorage.setItem("gesturelab.label", $("label-select").value);
  $("subject").onchange = () => localStorage.setItem("gesturelab.subject", $("subject").value.trim());
  $("pause-ms").onchange = () => localStorage.setItem("gesturelab.pause", $("pause-ms").value);
  $("train").onclick = async () => {
    const b = $("train");
    b.disabled = true; $("train-note").textContent = "training…";
    try {
      const r = await api("POST", "/api/train", {});
      showReport(r.report);
      showModel(await api("GET", "/api/state"));
      $("train-note").textContent = "done";
    } catch (e) { $("train-note").textContent = ""; status("training: " + e.message, "error"); }
    finally { b.disabled = false; }
  };
  document.addEventListener("keydown", (e) => {
    const tag = (e.target && e.target.tagName) || "";
    if (tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA") return;
    if (e.key === "Enter") { e.preventDefault(); save(); }
    else if (e.key === "Escape") { clearPad(); status(""); }
    else if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === "z") { e.preventDefault(); undo(); }
  });
  window.addEventListener("resize", resizePad);

  (async function start() {
    $("subject").value = localStorage.getItem("gesturelab.subject") || "";
    try {
      const st = await api("GET", "/api/state");
      $("pause-ms").value = localStorage.getItem("gesturelab.pause") || String(st.pauseMilliseconds);
      S.trainsAfterEdits = !!st.trainsAfterEdits;
      S.shown = "";
      await refresh();
      const saved = localStorage.getItem("gesturelab.label");
      if (saved) { if (!S.labels.some((l) => l.label === saved)) S.labels.push({ label: saved, count: 0 }); fillLabels(saved); }
      const names = st.recognizers.length ? st.recognizers.join(", ") : "none in this build";
      $("facts").textContent = "nothing drawn yet — recognizers: " + names;
    } catch (e) { status(e.message, "error"); }
    resizePad();
    document.body.dataset.ready = "true";
  })();
})();
</script>
</body>
</html>
"""#
}
