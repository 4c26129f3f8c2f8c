// Following `cinc serve` (docs/cli.md#cinc-serve): a served page's data
// says `live: {build}`; this module listens to the server's events
// (/events, server-sent events) and
// - on `build` (a newer good build): fetches the page again, puts its data
//   and GLB in place of the old, starts a new player with the old one's
//   moment, view, orbit camera and play state (`restart`), and swaps it in
//   when it is ready, the old one playing until then;
// - on `errors` (a build that failed): shows its problems over the page
//   (file:line:col, code, message, the source line: text, never markup),
//   the last good animation still playing; the next good build clears them.
// window.cincLive = {build, swaps: [{build, at, began, fetched, ready}],
// errors} is what tests read (epoch milliseconds: the swap began, the page
// was fetched, the new player was ready, its first frame was drawn).
import { element } from 'cinc/dom.js';

// The text of the page's script element `id` (its data holds no '<').
function scriptText(html, id) {
  const open = html.indexOf(`id="${id}">`);
  if (open < 0) throw new Error(`the served page has no ${id}`);
  const from = open + id.length + 6;
  return html.slice(from, html.indexOf('</script>', from));
}

function overlay(root) {
  const box = element('div', { class: 'build-errors', role: 'alert' });
  box.hidden = true;
  root.append(box);
  return {
    show(report) {
      const problems = report.diagnostics;
      const count = report.errors;
      box.replaceChildren(element('h2', { text: `Build ${report.build} failed: ${count} error${count === 1 ? '' : 's'} (the last good build plays on)` }));
      for (const problem of problems) {
        const where = problem.line > 0 ? `${problem.file}:${problem.line}:${problem.column}` : problem.file;
        box.append(element('div', { class: `problem ${problem.severity}` },
          element('span', { class: 'where', text: where }), ' ',
          element('span', { class: 'code', text: problem.code }), ' ',
          element('span', { class: 'text', text: problem.message })));
        if (typeof problem.source === 'string') box.append(element('pre', { class: 'source', text: problem.source }));
      }
      if (report.more > 0) box.append(element('div', { class: 'more', text: `and ${report.more} more` }));
      box.hidden = false;
    },
    clear() {
      box.hidden = true;
      box.replaceChildren();
    },
  };
}

const now = () => performance.timeOrigin + performance.now();
const nextFrame = () => new Promise((resolve) => requestAnimationFrame(() => resolve()));

// Follows the builds from `first` (the running player: {build, app, ready,
// carry, stop}); restart(carried) starts a player on the page's data now.
export function followBuilds(root, first, restart) {
  let current = first;
  let wanted = first.build;  // the newest good build announced
  let swapping = false;
  const errors = overlay(root);
  const live = { build: first.build, swaps: [], errors: null };
  window.cincLive = live;

  async function swap() {
    swapping = true;
    try {
      while (wanted !== current.build) {
        const began = now();
        const response = await fetch('/', { cache: 'no-store' });
        if (!response.ok) throw new Error(`GET / answered ${response.status}`);
        const html = await response.text();
        const fetched = now();
        const data = scriptText(html, 'cinc-data');
        const build = JSON.parse(data).live.build;
        document.getElementById('cinc-data').textContent = data;
        document.getElementById('cinc-glb').textContent = scriptText(html, 'cinc-glb');
        const previous = window.cinc;  // tests read the old player until the new one is ready
        // `latest`: the old player's moment when the new one is loaded (it
        // played on meanwhile).
        const next = restart({ ...current.carry(), latest: current.carry, reuse: current.reuse() });
        window.cinc = previous;
        await next.ready;
        const ready = now();
        next.build = build;
        next.app.classList.remove('incoming');
        current.stop(next);  // hands the canvas over
        current.app.remove();
        window.cinc = next.cinc;
        current = next;
        live.build = build;
        await nextFrame();
        live.swaps.push({ build, at: now(), began, fetched, ready });
      }
    } catch (error) {
      console.error('cinc serve: cannot swap in the new build:', error);
    } finally {
      swapping = false;
    }
  }

  const events = new EventSource('/events');
  events.addEventListener('build', (event) => {
    const { build } = JSON.parse(event.data);
    errors.clear();
    live.errors = null;
    if (build > wanted) wanted = build;
    if (!swapping && wanted !== current.build) swap();
  });
  events.addEventListener('errors', (event) => {
    const report = JSON.parse(event.data);
    live.errors = report;
    errors.show(report);
  });
}
