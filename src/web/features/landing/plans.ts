import type { Plans } from '../../../contract/billing'

/**
 * The plans the server answers, or null when it fails or answers an odd shape. A plain fetch,
 * not the app's query client (billing's `plansQuery`): the public pages' bundle stays small
 * (decision 017), and zod stays out of it (decision 001).
 */
export async function fetchPlans(signal?: AbortSignal): Promise<Plans | null> {
  const response = await fetch('/api/plans', { credentials: 'include', signal })
  if (!response.ok) return null
  const body = (await response.json()) as Partial<Plans>
  const ok =
    typeof body.free?.aiEmailsPerMonth === 'number' &&
    typeof body.pro?.monthly?.amountMinor === 'number' &&
    typeof body.pro?.yearly?.amountMinor === 'number' &&
    Array.isArray(body.free?.features) &&
    Array.isArray(body.pro?.features)
  return ok ? (body as Plans) : null
}
