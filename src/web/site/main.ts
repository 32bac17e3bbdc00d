// Entry of the prerendered public pages (decision 017). The HTML is complete and styled
// without script, so nothing here may delay the first paint: React loads after it, and
// hydrates what is already on screen. The stored theme is applied earlier, by /theme-init.js.
import '../styles.css'

function start() {
  void import('./hydrate').then((m) => m.hydrate())
}

// Two frames: the first lets the browser paint the prerendered page, the second runs after it.
requestAnimationFrame(() => requestAnimationFrame(start))
