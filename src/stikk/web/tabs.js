// The side's tabs (Table / Score sheet), shown on narrow screens where the side sits below the
// felt: a tab shows its pane and brings it into view, so that on a phone the tap visibly does
// something (the pane used to change below the fold).

/** Select ``tab`` (a [data-tab] button): its pane is shown and scrolled to. */
export function showPane(tab) {
  for (const t of document.querySelectorAll("[data-tab]")) t.setAttribute("aria-selected", String(t === tab));
  document.body.dataset.pane = tab.dataset.tab;
  const pane = document.querySelector(`.panel[data-pane="${tab.dataset.tab}"]`);
  if (!pane) return;
  // The tabs sit right above the panes: scroll so that both are in sight, the tabs on top.
  const tabs = tab.closest(".tabs");
  const above = tabs ? tabs.getBoundingClientRect().height + 8 : 0;
  const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  window.scrollTo({ top: pane.getBoundingClientRect().top + window.scrollY - above,
                    behavior: reduce ? "auto" : "smooth" });
}
