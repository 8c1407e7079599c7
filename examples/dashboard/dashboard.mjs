// Unique visitors a day and over rolling 7 days, merged in the browser from stored daily hlls:
// the server sends each day's sketch once (about 12 KiB at most), the page unions any window
// it wants without another query. The answers are the server's, to the integer:
//   hll_cardinality(hll_union_agg(visitors) OVER (ORDER BY day ROWS 6 PRECEDING))
import { Hll } from "@probabilistic/sketches";

/**
 * rows: [{ day: "2026-12-01", visitors: "\\x4802…" }] in day order (an hll's text form, as
 * `SELECT day, visitors FROM daily_uniques ORDER BY day` returns it as JSON).
 * Returns [{ day, uniques, rolling }] with bigint counts: the day's and the `width` days' to it.
 */
export function rollingUniques(rows, width = 7) {
  const days = rows.map((r) => Hll.fromText(r.visitors));   // validated as the server validates
  return rows.map((r, i) => ({
    day: r.day,
    uniques: days[i].cardinality(),
    rolling: days.slice(Math.max(0, i - width + 1), i + 1).reduce((a, b) => a.union(b)).cardinality(),
  }));
}

/** Fetches the daily sketches from `url` (JSON rows as above) and renders a table into `element`. */
export async function render(element, url, width = 7) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  const table = rollingUniques(await response.json(), width);
  element.innerHTML = "<table><tr><th>day</th><th>unique visitors</th><th>last " + width + " days</th></tr>"
    + table.map((t) => `<tr><td>${t.day}</td><td>${t.uniques}</td><td>${t.rolling}</td></tr>`).join("") + "</table>";
  return table;
}
