import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, renderHook, waitFor } from '@testing-library/react'
import { QueryClientProvider } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import type { CurrentUser } from '../../../../contract/auth'
import { createQueryClient } from '../../../lib/query-client'
import { currentUserKey } from '../../../lib/queries/current-user'
import { useMarkOnboarding } from './onboarding'

afterEach(() => vi.unstubAllGlobals())

describe('useMarkOnboarding', () => {
  it('a late answer to "seen" does not undo Skip: the onboarding stays done', async () => {
    // The tour's "seen" is answered only after Skip's "completed" was sent, with the state the
    // server had before it: completed still false.
    let answerSeen: (response: Response) => void = () => {}
    vi.stubGlobal(
      'fetch',
      vi.fn((_url: string, init: RequestInit = {}) => {
        const body = JSON.parse(String(init.body)) as { tutorialSeen?: true; completed?: true }
        if (body.tutorialSeen) return new Promise<Response>((resolve) => (answerSeen = resolve))
        return Promise.resolve(
          new Response(JSON.stringify({ hasCompletedOnboarding: true, hasSeenTutorial: true })),
        )
      }),
    )
    const client = createQueryClient()
    client.setQueryData(currentUserKey, {
      hasCompletedOnboarding: false,
      hasSeenTutorial: false,
    } as CurrentUser)
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    )
    const { result } = renderHook(() => useMarkOnboarding(), { wrapper })

    act(() => result.current.mutate({ tutorialSeen: true }))
    await act(async () => result.current.mutateAsync({ completed: true }))
    act(() =>
      answerSeen(
        new Response(JSON.stringify({ hasCompletedOnboarding: false, hasSeenTutorial: true })),
      ),
    )
    await waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalledTimes(2))
    await waitFor(() =>
      expect(client.getQueryData<CurrentUser>(currentUserKey)?.hasSeenTutorial).toBe(true),
    )
    expect(client.getQueryData<CurrentUser>(currentUserKey)?.hasCompletedOnboarding).toBe(true)
  })
})
