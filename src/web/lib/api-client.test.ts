import { afterEach, describe, expect, it, vi } from 'vitest'
import { ApiError, apiGet, apiRequest } from './api-client'

afterEach(() => vi.unstubAllGlobals())

function answer(status: number, body: string, statusText = '') {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(body || null, { status, statusText })),
  )
}

describe('the API client', () => {
  it('raises a non-OK answer as "status: body"', async () => {
    answer(429, '{"error":{"code":"limit","message":"No credits left"}}')
    const error = await apiRequest('POST', '/api/x', {}).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect((error as ApiError).message).toBe(
      '429: {"error":{"code":"limit","message":"No credits left"}}',
    )
    expect((error as ApiError).detail).toBe('No credits left')
  })

  it('uses the status text when the body is empty', async () => {
    answer(503, '', 'Service Unavailable')
    await expect(apiRequest('GET', '/api/x')).rejects.toThrow('503: Service Unavailable')
  })

  it('can turn a 401 into null, but raises it by default', async () => {
    answer(401, 'nope')
    expect(await apiGet('/api/auth/user', { on401: 'returnNull' })).toBeNull()
    answer(401, 'nope')
    await expect(apiGet('/api/auth/user')).rejects.toThrow('401: nope')
  })

  it('sends JSON with cookies', async () => {
    const fetchMock = vi.fn(async () => new Response('{}', { status: 200 }))
    vi.stubGlobal('fetch', fetchMock)
    await apiRequest('PUT', '/api/x', { a: 1 })
    expect(fetchMock).toHaveBeenCalledWith('/api/x', {
      method: 'PUT',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json' },
      body: '{"a":1}',
    })
  })
})
