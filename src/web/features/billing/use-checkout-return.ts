import { useEffect, useState } from 'react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { toast } from '../../components/ui/use-toast'
import { planQuery } from '../../lib/queries/plan'

type Outcome = 'success' | 'cancelled' | null

/** How long to poll (once a second) for the webhook to make the user Pro. */
const CONFIRM_WINDOW_MS = 20_000

function readOutcome(): Outcome {
  const value = new URLSearchParams(window.location.search).get('checkout')
  return value === 'success' || value === 'cancelled' ? value : null
}

/**
 * Back from checkout (`?checkout=success|cancelled`): cleans the address, and after a payment
 * waits for the plan to turn Pro. The webhook may land before or after the browser returns.
 */
export function useCheckoutReturn(): { confirming: boolean; slow: boolean } {
  const queryClient = useQueryClient()
  const [outcome] = useState(readOutcome)
  const [confirming, setConfirming] = useState(outcome === 'success')
  const [returnedAt] = useState(Date.now)
  const withinWindow = (updatedAt: number) => updatedAt - returnedAt < CONFIRM_WINDOW_MS
  const plan = useQuery({
    ...planQuery,
    refetchInterval: (query) =>
      confirming && query.state.data?.plan !== 'pro' && withinWindow(query.state.dataUpdatedAt)
        ? 1000
        : false,
  })

  useEffect(() => {
    if (!outcome) return
    const url = new URL(window.location.href)
    url.searchParams.delete('checkout')
    url.searchParams.delete('session_id')
    window.history.replaceState(window.history.state, '', url)
    if (outcome === 'cancelled') {
      toast({ title: 'Checkout cancelled', description: 'You have not been charged.' })
    } else void queryClient.invalidateQueries({ queryKey: planQuery.queryKey })
  }, [outcome, queryClient])

  const isPro = plan.data?.plan === 'pro'
  useEffect(() => {
    if (!confirming || !isPro) return
    setConfirming(false)
    toast({ title: 'Welcome to Pro!', description: 'AI emails are now unlimited.' })
  }, [confirming, isPro])

  return { confirming, slow: confirming && !withinWindow(plan.dataUpdatedAt) }
}
