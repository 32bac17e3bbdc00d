import { test } from '@playwright/test'
import { sweep } from './a11y-sweep'

/** Every screen in the dark scheme at desktop size: no serious or critical axe finding (issue 25). */
test('every screen has no serious axe finding: dark, desktop', ({ page }) =>
  sweep(page, 'dark', 'desktop'))
