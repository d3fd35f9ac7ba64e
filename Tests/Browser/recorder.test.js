// Checks of the recorder page's script (Sources/GestureRecorder/Page/recorder.js), run
// inside the page by tools/browser_test.py: `return <this file>` evaluates to
// {checks, failures}. Each check compares a helper's output with the expected value.
(function () {
  const L = window.GestureLabRecorder;
  const failures = [];
  let checks = 0;
  function eq(actual, expected, what) {
    checks += 1;
    if (JSON.stringify(actual) !== JSON.stringify(expected)) {
      failures.push(what + ": got " + JSON.stringify(actual) + ", expected " + JSON.stringify(expected));
    }
  }
  if (!L) return { checks: 1, failures: ["window.GestureLabRecorder is missing: the script did not load"] };
  eq(Object.isFrozen(L), true, "the helpers cannot be replaced");

  // Pause field: positive integers only; anything else means "never end by pause".
  eq(L.pauseMs("700"), 700, "pause 700");
  eq(L.pauseMs("0"), 0, "pause 0");
  eq(L.pauseMs("-5"), 0, "negative pause");
  eq(L.pauseMs(""), 0, "empty pause");
  eq(L.pauseMs("abc"), 0, "pause not a number");
  eq(L.pauseMs("250ms"), 250, "pause with a unit");

  // Labels: no path separators, no leading dot, not empty.
  eq(L.labelProblem("zig_zag"), null, "plain label");
  eq(L.labelProblem("left sq bracket"), null, "label with spaces");
  eq(L.labelProblem(""), "type a label first", "empty label");
  eq(L.labelProblem("a/b") !== null, true, "slash refused");
  eq(L.labelProblem("a\\b") !== null, true, "backslash refused");
  eq(L.labelProblem(".hidden") !== null, true, "leading dot refused");
  eq(L.labelProblem("v1.2"), null, "inner dot allowed");

  // Session times: seconds from the first event, microsecond rounding, never backwards.
  eq(L.sessionSeconds(1500, 1000, 0), 0.5, "500 ms after the start");
  eq(L.sessionSeconds(1000.0004, 1000, 0), 0, "below a microsecond rounds to 0");
  eq(L.sessionSeconds(1200, 1000, 0.3), 0.3, "an earlier time stamp keeps the previous time");
  eq(L.sessionSeconds(1000 + 1 / 3, 1000, 0), 0.000333, "rounded to the microsecond");
  eq(L.coordinate(12.3456), 12.35, "coordinates to 0.01 px");
  eq(L.coordinate(-0.004), 0, "a tiny negative coordinate rounds to 0");

  // Result card texts.
  eq(L.factsText({ strokes: 1, points: 22, pathLength: 301.4, duration: 0.5 }),
     "1 stroke · 22 points · length 301 px · 0.50 s", "facts of a timed stroke");
  eq(L.factsText({ strokes: 2, points: 40, pathLength: 99.6, duration: null }),
     "2 strokes · 40 points · length 100 px", "facts without times");
  eq(L.resultExtra({ match: "check", score: 0.91234 }), "best: check, score 0.912", "match and score");
  eq(L.resultExtra({ match: null, score: 0 }), "score 0.000", "a zero score is shown");
  eq(L.resultExtra({}), "", "nothing to add");

  // Held-out rates: with their interval; no rate is "cannot estimate", never 0% or 100%.
  eq(L.rateText({ count: 9, of: 10, rate: 0.9, interval: [0.596, 0.982] }), "9 of 10 (90%, 95% CI 60%–98%)", "a held-out rate");
  eq(L.rateText(null), "cannot estimate", "no estimate");
  eq(L.rateText({ count: 0, of: 0, rate: 0, interval: [0, 1] }), "cannot estimate", "nothing held out");
  return { checks, failures };
})()
