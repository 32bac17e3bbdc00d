import { test } from '@playwright/test'
import { sweep } from './a11y-sweep'

/** Every screen in the dark scheme at phone size: no serious or critical axe finding (issue 25). */
test('every screen has no serious axe finding: dark, phone', ({ page }) =>
  sweep(page, 'dark', 'phone'))
