"use strict";
// Pure helpers (no DOM), exposed as window.GestureLabRecorder so that the browser test
// can check them directly (Tests/Browser/recorder.test.js).
const GestureLabRecorder = Object.freeze({
  // The pause that ends a sample, in ms, from the field's text: a positive integer, else 0 (never).
  pauseMs(text) {
    const v = parseInt(text, 10);
    return Number.isFinite(v) && v > 0 ? v : 0;
  },
  // Why a typed label cannot be used, or null when it can (the server checks it again).
  labelProblem(label) {
    if (!label) return "type a label first";
    if (/[\/\\]/.test(label) || label.startsWith(".")) {
      return "invalid label \"" + label + "\": letters, digits, '-', '_', '.', and spaces only; no path separators";
    }
    return null;
  },
  // Seconds since the session's first event, rounded to the microsecond and never
  // earlier than the previous line (the engine's session format needs times in order).
  sessionSeconds(timeStamp, t0, previous) {
    return Math.max(previous, Math.round((timeStamp - t0) / 1000 * 1e6) / 1e6);
  },
  // A CSS-pixel coordinate rounded to 0.01 px, as the session lines store it.
  coordinate(v) { return Math.round(v * 100) / 100; },
  // The one-line summary of a drawn sample's facts.
  factsText(facts) {
    const parts = [facts.strokes + " stroke" + (facts.strokes === 1 ? "" : "s"), facts.points + " points",
                   "length " + facts.pathLength.toFixed(0) + " px"];
    if (facts.duration !== null && facts.duration !== undefined) parts.push(facts.duration.toFixed(2) + " s");
    return parts.join(" · ");
  },
  // "9 of 10 (90%, 95% CI 60–98%)" for a held-out rate; "cannot estimate" without one.
  rateText(r) {
    if (!r || !r.of) return "cannot estimate";
    const p = (v) => Math.round(v * 100) + "%";
    return r.count + " of " + r.of + " (" + p(r.rate) + ", 95% CI " + p(r.interval[0]) + "–" + p(r.interval[1]) + ")";
  },
  // "best: MATCH, score S" for a result card, or "" when it has neither.
  resultExtra(r) {
    const extra = [];
    if (r.match) extra.push("best: " + r.match);
    if (r.score !== null && r.score !== undefined) extra.push("score " + r.score.toFixed(3));
    return extra.join(", ");
  },
});
window.GestureLabRecorder = GestureLabRecorder;

(function () {
  const L = GestureLabRecorder;
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
    $("never-fire").disabled = true;
    pad.classList.remove("drawing");
    redraw();
  }
  function pauseMs() { return L.pauseMs($("pause-ms").value); }

  // ---- session mode: every pointer, into the engine's touch-session lines ----
  // While a session records, the pad's pointer events go here (capture phase, so the
  // one-stroke sample recorder never sees them). Each pointer gets a touch id; each
  // event is one line {t, phase, touches: [{id, x, y}]}; marks are labelled windows.
  const SESSION = { on: false, t0: null, ids: new Map(), next: 1, events: [], labels: [], mark: null, paths: new Map() };
  function sessionTime(e) {
    if (SESSION.t0 === null) SESSION.t0 = e.timeStamp;
    const last = SESSION.events.length ? SESSION.events[SESSION.events.length - 1].t : 0;
    return L.sessionSeconds(e.timeStamp, SESSION.t0, last);
  }
  function sessionLine(e, phase) {
    const r = pad.getBoundingClientRect();
    let id = SESSION.ids.get(e.pointerId);
    if (phase === "began") { id = SESSION.next++; SESSION.ids.set(e.pointerId, id); SESSION.paths.set(id, []); }
    if (id === undefined) return;
    const x = L.coordinate(e.clientX - r.left), y = L.coordinate(e.clientY - r.top);
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
    $("never-fire").disabled = false;
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
    f.textContent = L.factsText(facts);
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
      const extra = L.resultExtra(r);
      if (extra) li.append(" — " + extra);
      const d = document.createElement("div");
      d.className = "detail";
      d.textContent = r.detail + (r.scoreMeaning ? " (" + r.scoreMeaning + ")" : "");
      li.append(d);
      ul.append(li);
    }
  }
  // Whether a drawn sample is waiting to be stored (one still being drawn is finished first).
  async function hasPendingSample() {
    if (!S.pending && S.strokes.length && !S.current) await finishSample();
    return !!S.pending;
  }
  // Stores the drawn sample with `send` (busy meanwhile), then clears the pad, refreshes
  // the lists and follows the training the edit starts; `failure` leads the error shown.
  async function storeDrawn(send, failure) {
    S.busy = true;
    try {
      await send();
      clearPad();
      await refresh();
      if (S.trainsAfterEdits) followTraining().catch(() => {});
    } catch (e) {
      status(failure + ": " + e.message, "error");
    } finally { S.busy = false; }
  }
  async function save() {
    if (S.busy || !(await hasPendingSample())) return;
    if (!$("label-select").value) { status("pick or add a label before saving", "error"); $("new-label").focus(); return; }
    await storeDrawn(async () => {
      const r = await api("POST", "/api/samples", sampleBody());
      showResults(r.facts, r.results);
      const ls = $("last-saved");
      ls.dataset.label = r.label; ls.dataset.id = r.id; ls.dataset.points = r.facts.points; ls.dataset.strokes = r.facts.strokes;
      status("saved " + r.label + " #" + r.count + " (" + r.facts.points + " points) → " + r.file, "ok");
      S.shown = r.label;
    }, "not saved");
  }
  // The drawn stroke into the never-fire bin: the next training learns it as a negative.
  async function neverFire() {
    if (S.busy || !(await hasPendingSample())) return;
    await storeDrawn(async () => {
      const body = sampleBody();
      delete body.label;
      const r = await api("POST", "/api/never-fire", body);
      $("last-saved").dataset.neverFire = r.id;
      status("put in the never-fire bin (" + r.count + " stroke" + (r.count === 1 ? "" : "s") + ") → " + r.file +
             "; the next training learns it as a negative", "ok");
    }, "not put in the bin");
  }
  async function showBin() {
    const list = await api("GET", "/api/never-fire?limit=60");
    const box = $("bin");
    box.replaceChildren();
    box.dataset.count = String(list.total);
    for (const s of list.samples) {
      const fig = document.createElement("figure");
      fig.className = "thumb never" + (s.error ? " broken" : "");
      fig.dataset.id = s.id;
      fig.title = s.error ? s.error : "never fire " + s.id;
      const cv = document.createElement("canvas");
      cv.width = 96; cv.height = 96;
      const cap = document.createElement("figcaption");
      cap.textContent = s.error ? "unreadable" : "never fire · " + s.points + " pts";
      const del = document.createElement("button");
      del.textContent = "×"; del.title = "take this stroke out of the bin"; del.className = "delete";
      del.onclick = async () => {
        try {
          await api("DELETE", "/api/never-fire/" + encodeURIComponent(s.id));
          status("taken out of the never-fire bin: " + s.id, "ok");
          await refresh();
          if (S.trainsAfterEdits) followTraining().catch(() => {});
        } catch (e) { status("delete failed: " + e.message, "error"); }
      };
      fig.append(cv, cap, del);
      box.append(fig);
      drawThumb(cv, s.thumbnail);
    }
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
    heldOutCheck();
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

  // The held-out check: per label what new strokes will likely do, with intervals and
  // advice; "cannot estimate" where one example cannot say.
  async function heldOutCheck() {
    const table = $("check"), note = $("check-note"), notes = $("check-notes");
    const token = (S.checkToken = (S.checkToken || 0) + 1);
    table.dataset.done = "";
    note.textContent = "training models on parts of your examples…";
    try {
      const r = await api("GET", "/api/check");
      if (token !== S.checkToken) return;
      const c = r.check;
      const body = table.querySelector("tbody");
      body.replaceChildren();
      for (const row of c.labels) {
        const tr = document.createElement("tr");
        tr.dataset.label = row.label;
        tr.dataset.accepted = row.accepted ? String(row.accepted.count) : "";
        tr.dataset.of = row.accepted ? String(row.accepted.of) : "";
        tr.dataset.add = row.addExamples === null || row.addExamples === undefined ? "" : String(row.addExamples);
        const cells = [row.label, String(row.examples),
                       row.accepted ? L.rateText(row.accepted) + (row.rejected && row.rejected.count ? "; " + row.rejected.count + " rejected" : "") +
                         (Object.keys(row.takenFor).length ? "; taken for " + Object.entries(row.takenFor).map(([k, v]) => v + "× " + k).join(", ") : "")
                         : "cannot estimate: " + row.reason,
                       row.advice];
        cells.forEach((t, i) => {
          const td = document.createElement("td");
          td.textContent = t;
          if (i === 2 && !row.accepted) td.className = "cannot";
          tr.append(td);
        });
        body.append(tr);
      }
      table.hidden = false;
      notes.replaceChildren();
      for (const n of [c.method].concat(c.notes)) {
        const li = document.createElement("li"); li.textContent = n; notes.append(li);
      }
      note.textContent = c.folds + " held-out models, " + c.curveModels + " for the learning curve";
      table.dataset.done = "true";
      table.dataset.neverFire = c.neverFireAccepted ? c.neverFireAccepted.count + "/" + c.neverFireAccepted.of : "";
    } catch (e) {
      if (token !== S.checkToken) return;
      note.textContent = "check failed: " + e.message;
      table.dataset.done = "error";
    }
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
    showUses(st);
    if (st.neverFire > 0 || $("bin").dataset.count) await showBin();
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
    m.dataset.modelError = st.modelError || "";
    m.classList.toggle("error", !!st.modelError);
    // A model in the store that does not load is said plainly, never replaced in silence.
    if (st.modelError) {
      m.textContent = "The store's model does not load: " + st.modelError +
        " — recognizing with: " + (st.recognizers.length ? st.recognizers.join(", ") : "nothing") +
        (st.trainingAvailable ? ". Train again to replace it." : "");
      return;
    }
    // A model folder given with --model decides; training here shows a report and never replaces it.
    const given = (st.uses || []).find((u) => u.includes("given with --model"));
    if (given && !st.model) {
      m.textContent = "Recognizing with " + given.slice(given.indexOf(":") + 2).split(" (")[0] + ": " + st.recognizers.join(", ") +
        (st.trainingAvailable ? " — Train shows a report on this store's examples; it does not replace that model" : "");
      return;
    }
    m.textContent = st.model
      ? "Recognizing with your own model (" + st.model + "): " + st.recognizers.join(", ")
      : "Recognizing with: " + (st.recognizers.length ? st.recognizers.join(", ") : "nothing") +
        (st.trainingAvailable ? " — save examples (or press Train) and the page learns your gestures" : "");
  }
  // What the page recognizes with and where it comes from; the operating point.
  function showUses(st) {
    const ul = $("uses");
    ul.replaceChildren();
    for (const u of st.uses || []) { const li = document.createElement("li"); li.textContent = u; ul.append(li); }
    const sel = $("operating-point");
    if (!sel.options.length) {
      for (const c of st.choices || []) {
        const o = document.createElement("option"); o.value = c.id; o.textContent = c.title; o.title = c.explanation; sel.append(o);
      }
    }
    if (document.activeElement !== sel) sel.value = st.choice;
    const chosen = (st.choices || []).find((c) => c.id === sel.value);
    $("op-explain").textContent = chosen ? chosen.explanation : "";
    const f = $("op-figures");
    f.dataset.choice = st.operatingPoint && st.operatingPoint.choice ? st.operatingPoint.choice : "";
    f.textContent = st.operatingPoint
      ? "The model in use, " + st.operatingPoint.sentence + (st.operatingPoint.notes.length ? " " + st.operatingPoint.notes.join(" ") : "")
      : "No operating point measured yet: train a model (its verifier measures one on held-out inner folds).";
    $("bin-note").dataset.count = String(st.neverFire || 0);
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
        showUses(st);
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
    const problem = L.labelProblem(label);
    if (problem) { status(problem, "error"); return; }
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
  $("never-fire").onclick = () => neverFire();
  $("operating-point").onchange = async () => {
    const sel = $("operating-point");
    $("train-note").textContent = "training for the operating point “" + sel.options[sel.selectedIndex].text + "”…";
    try {
      const r = await api("POST", "/api/operating-point", { choice: sel.value });
      if (r.report) showReport(r.report);
      const st = await api("GET", "/api/state");
      showModel(st); showUses(st);
      $("train-note").textContent = "";
    } catch (e) { $("train-note").textContent = ""; status("operating point: " + e.message, "error"); }
  };
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
      const st = await api("GET", "/api/state");
      showModel(st); showUses(st);
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
