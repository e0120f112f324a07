/// The style sheet and scripts every report page carries inline, so that a page needs nothing
/// from elsewhere: it opens from `file://`, from a CI artifact, offline.
///
/// Status is never told by colour alone: every pass and failure also has its symbol and word
/// (`✓ passed`, `✗ failed`), and the focus ring is thick as well as coloured.
enum ReportAssets {
    static let css = """
        :root { color-scheme: light dark; --fg: #1d1d1f; --bg: #fff; --muted: #5c5c62; --line: #c7c7cc;
          --panel: #f2f2f7; --pass: #1b7f3a; --fail: #b3261e; --accent: #0a5cc2; --current: #e3eefc;
          --element: #ffffff; --sheet: #f7f7fa; --ring: #0a5cc2; }
        @media (prefers-color-scheme: dark) {
          :root { --fg: #f2f2f7; --bg: #1c1c1e; --muted: #aeaeb2; --line: #48484a; --panel: #2c2c2e;
            --pass: #5fd37a; --fail: #ff8a80; --accent: #7db4ff; --current: #1f3350; --element: #2c2c2e;
            --sheet: #3a3a3c; --ring: #7db4ff; }
        }
        * { box-sizing: border-box; }
        body { margin: 0; font: 15px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; color: var(--fg); background: var(--bg); }
        header, main { max-width: 75rem; margin: 0 auto; padding: 0 1rem; }
        header { padding-top: 1rem; border-bottom: 1px solid var(--line); }
        h1 { font-size: 1.5rem; margin: .25rem 0 .5rem; }
        h2 { font-size: 1.15rem; margin: 1.25rem 0 .5rem; }
        a { color: var(--accent); }
        code, pre { font: 13px/1.4 ui-monospace, "SF Mono", Menlo, Consolas, monospace; }
        pre { background: var(--panel); padding: .75rem; overflow-x: auto; white-space: pre-wrap; }
        .passed, .expect.passed { color: var(--pass); }
        .failed, .expect.failed, .failure-line { color: var(--fail); }
        .muted, .location, span.file { color: var(--muted); }
        :focus-visible { outline: 3px solid var(--ring); outline-offset: 2px; }
        .filters { display: flex; flex-wrap: wrap; gap: 1rem; align-items: end; margin: 1rem 0; }
        .filters label { display: block; font-weight: 600; }
        input, select { font: inherit; padding: .3rem .5rem; }
        table { border-collapse: collapse; width: 100%; }
        th, td { text-align: left; padding: .4rem .6rem; border-bottom: 1px solid var(--line); vertical-align: top; }
        td.duration { font-variant-numeric: tabular-nums; text-align: right; }
        .columns { display: grid; grid-template-columns: minmax(16rem, 26rem) 1fr; gap: 1.5rem; align-items: start; }
        @media (max-width: 50rem) { .columns { grid-template-columns: 1fr; } }
        #screen { position: sticky; top: 0; }
        figure.drawing { margin: 0; }
        figcaption { color: var(--muted); font-size: 13px; margin-top: .4rem; }
        svg.screen { display: block; width: 100%; height: auto; }
        /* Each distinct screen, drawn once (g.screen) and shown by the steps' <use>; the rules below
           hold for both (a <use> copy matches rules written within it, not across it). */
        svg.screens { position: absolute; width: 0; height: 0; overflow: hidden; }
        .screen .backdrop { fill: var(--bg); stroke: var(--line); stroke-width: 2; }
        .screen .element > rect:first-of-type { fill: var(--element); stroke: var(--line); stroke-width: 1; }
        .screen .element.container > rect:first-of-type { fill: none; stroke-dasharray: 4 3; }
        .screen .element.dismiss > rect:first-of-type { fill: none; stroke-dasharray: 2 4; }
        .screen text { font-family: system-ui, sans-serif; fill: var(--fg); }
        .screen .role { fill: var(--muted); font-style: italic; }
        .screen .value { font-weight: 600; }
        .screen .dimming { fill: #000; opacity: .35; }
        .screen .surface { fill: var(--sheet); stroke: var(--line); }
        .screen .grabber-bar { fill: var(--muted); }
        .screen .grabber text { font-size: .75em; }
        .screen .focus-ring { fill: none; stroke: var(--ring); stroke-width: 4; }
        ol#steps { list-style: none; padding: 0; margin: 0; }
        li.step { border: 1px solid var(--line); border-left-width: 4px; border-radius: 6px; padding: .5rem .75rem; margin-bottom: .5rem; cursor: pointer; }
        li.step.current { background: var(--current); border-left-color: var(--accent); }
        li.step.failed { border-left-color: var(--fail); }
        li.step .number { font-weight: 600; margin-right: .4rem; }
        li.step .location { font-size: 13px; margin-left: .5rem; }
        ul.events { margin: .3rem 0 0; padding-left: 1.2rem; }
        ul.events .word { color: var(--muted); }
        .interrupted del { text-decoration-thickness: 2px; }
        .earcon, .focus, .presented, .dismissed, .detent { color: var(--muted); }
        audio { width: 100%; margin: .5rem 0; }
        pre.diff .added { color: var(--pass); }
        pre.diff .removed { color: var(--fail); }
        pre.diff .first { font-weight: 700; outline: 2px solid currentColor; outline-offset: 1px; }
        .finding { border-left: 4px solid var(--line); padding: .25rem .75rem; margin: .75rem 0; }
        .finding.error { border-left-color: var(--fail); }
        .finding h3, .finding h4 { font-size: 1rem; margin: 0; }
        .finding dl { display: grid; grid-template-columns: max-content 1fr; gap: .15rem .75rem; margin: .4rem 0; }
        .finding dt { color: var(--muted); }
        .finding dd { margin: 0; }
        """

    /// The index's filter: rows hidden by text (name and file) and by status.
    static let indexScript = """
        (function () {
          var filter = document.getElementById('filter');
          var status = document.getElementById('status');
          var shown = document.getElementById('shown');
          var rows = Array.prototype.slice.call(document.querySelectorAll('#scenarios tr.scenario'));
          function apply() {
            var text = filter.value.trim().toLowerCase();
            var wanted = status.value;
            var count = 0;
            rows.forEach(function (row) {
              var visible = (wanted === 'all' || row.getAttribute('data-status') === wanted)
                && (text === '' || row.textContent.toLowerCase().indexOf(text) !== -1);
              row.hidden = !visible;
              if (visible) { count += 1; }
            });
            shown.textContent = count === rows.length ? 'Showing all ' + rows.length + ' scenarios.'
              : 'Showing ' + count + ' of ' + rows.length + ' scenarios.';
          }
          filter.addEventListener('input', apply);
          status.addEventListener('change', apply);
          // A link can carry a filter: index.html#filter=TEXT&status=failed.
          location.hash.replace(/^#/, '').split('&').forEach(function (part) {
            var pair = part.split('=');
            var value = decodeURIComponent(pair.slice(1).join('='));
            if (pair[0] === 'filter') { filter.value = value; }
            if (pair[0] === 'status' && ['all', 'failed', 'passed'].indexOf(value) !== -1) { status.value = value; }
          });
          apply();
          document.body.setAttribute('data-ready', 'true');
        })();
        """

    /// A scenario page's step list: the current step follows the player's time, and selecting a
    /// step (click, Enter, Space) shows its drawing and seeks the player to its start.
    static let scenarioScript = """
        (function () {
          var steps = Array.prototype.slice.call(document.querySelectorAll('#steps li.step'));
          var drawings = Array.prototype.slice.call(document.querySelectorAll('#screen figure.drawing'));
          var player = document.getElementById('player');
          var starts = steps.map(function (step) { return parseFloat(step.getAttribute('data-start')) || 0; });
          var ends = steps.map(function (step) { return parseFloat(step.getAttribute('data-end')) || 0; });
          var current = -1;
          function show(index) {
            if (index === current || index < 0 || index >= steps.length) { return; }
            steps.forEach(function (step, i) {
              step.classList.toggle('current', i === index);
              if (i === index) { step.setAttribute('aria-current', 'step'); } else { step.removeAttribute('aria-current'); }
            });
            drawings.forEach(function (figure) { figure.hidden = figure.getAttribute('data-step') !== String(index + 1); });
            current = index;
          }
          function stepAt(time) {
            var found = 0;
            for (var i = 0; i < starts.length; i += 1) { if (starts[i] <= time) { found = i; } }
            return found;
          }
          function select(index) {
            show(index);
            if (player) { player.currentTime = starts[index]; }
          }
          steps.forEach(function (step, index) {
            step.addEventListener('click', function () { select(index); });
            step.addEventListener('keydown', function (event) {
              if (event.key === 'Enter' || event.key === ' ' || event.key === 'Spacebar') {
                event.preventDefault();
                select(index);
              } else if (event.key === 'ArrowDown' && index + 1 < steps.length) {
                event.preventDefault();
                steps[index + 1].focus();
              } else if (event.key === 'ArrowUp' && index > 0) {
                event.preventDefault();
                steps[index - 1].focus();
              }
            });
          });
          if (player) {
            player.addEventListener('timeupdate', function () {
              var time = player.currentTime;
              // A step chosen by hand stays current while the time is still its own (steps without
              // sound share their start with the next).
              if (current >= 0 && time >= starts[current] && (time < ends[current] || time === starts[current])) { return; }
              show(stepAt(time));
            });
          }
          // The page opens at the step where the scenario failed, else at its first.
          var failed = document.querySelector('#steps li.step.failed');
          var opening = failed ? steps.indexOf(failed) : 0;
          show(opening);
          // A link can point into the scenario: NAME.html#t=SECONDS (the player's time, or the step
          // that holds it) or NAME.html#step-N (numbered from 1, as the page numbers its steps).
          var time = /^#t=([0-9.]+)$/.exec(location.hash);
          var chosen = /^#step-([0-9]+)$/.exec(location.hash);
          if (time) {
            if (player) { player.currentTime = parseFloat(time[1]); } else { show(stepAt(parseFloat(time[1]))); }
          } else if (chosen) {
            select(parseInt(chosen[1], 10) - 1);
          } else if (failed) {
            select(opening);
            failed.focus({ preventScroll: true });
            failed.scrollIntoView({ block: 'center' });
          }
          document.body.setAttribute('data-ready', 'true');
        })();
        """
}
