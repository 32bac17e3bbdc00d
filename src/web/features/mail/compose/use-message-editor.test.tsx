import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, cleanup, renderHook, waitFor } from '@testing-library/react'
import { QueryClientProvider } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { createQueryClient } from '../../../lib/query-client'
import { EMPTY_FIELDS, useMessageEditor, type EditorStart } from './use-message-editor'

const START: EditorStart = {
  fields: { ...EMPTY_FIELDS, to: 'ada@example.com', subject: 'Figures', body: 'Attached' },
  reply: null,
  draftId: 'r-1',
  draftFiles: [{ index: 0, filename: 'q3.csv', mimeType: 'text/csv', size: 4 }],
}

/** The file's answer, with the page's own Blob (jsdom's File cannot read Node's). */
const fileResponse = (text: string) =>
  ({ ok: true, status: 200, blob: async () => new Blob([text]) }) as unknown as Response

/** Fetch as the server answers: the draft's file when `file` settles, and every draft save. */
function serve(file: Promise<Response>) {
  const saves: unknown[] = []
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (url === '/api/gmail/drafts/r-1/attachments/0') return file
    if (url === '/api/gmail/drafts' && init?.method === 'POST') {
      saves.push(JSON.parse(String(init.body)))
      return Response.json({ draftId: 'r-1' })
    }
    return Response.json({ drafts: [], total: 0 })
  })
  vi.stubGlobal('fetch', fetchMock)
  return saves
}

function open(start: EditorStart) {
  const client = createQueryClient()
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  )
  return renderHook(() => useMessageEditor(start), { wrapper })
}

describe('a reopened draft with files', () => {
  afterEach(() => {
    cleanup()
    vi.unstubAllGlobals()
  })

  it('saves nothing until its files are in, then saves them with the message', async () => {
    let arrive!: (response: Response) => void
    const saves = serve(new Promise((resolve) => (arrive = resolve)))
    const { result } = open(START)
    expect(result.current.pending).toHaveLength(1)

    act(() => result.current.setFields((f) => ({ ...f, body: 'Attached, see row 3' })))
    let outcome: Awaited<ReturnType<typeof result.current.saveNow>> | undefined
    await act(async () => {
      outcome = await result.current.saveNow()
    })
    expect(outcome).toEqual({ ok: false, reason: 'The draft’s attachments are still loading.' })
    expect(saves).toHaveLength(0)

    await act(async () => arrive(fileResponse('a,b\n')))
    await waitFor(() => expect(result.current.pending).toHaveLength(0))
    expect(result.current.files.map((f) => [f.name, f.type, f.size])).toEqual([
      ['q3.csv', 'text/csv', 4],
    ])
    await act(async () => {
      outcome = await result.current.saveNow()
    })
    expect(outcome).toMatchObject({ ok: true, draftId: 'r-1' })
    expect(saves).toEqual([
      expect.objectContaining({
        body: 'Attached, see row 3',
        attachments: [{ filename: 'q3.csv', mimeType: 'text/csv', contentBase64: btoa('a,b\n') }],
      }),
    ])
  })

  it('is not "unsaved" once its files are in: they are the saved draft', async () => {
    serve(Promise.resolve(fileResponse('a,b\n')))
    const { result } = open(START)
    await waitFor(() => expect(result.current.files).toHaveLength(1))
    expect(result.current.unsaved).toBe(false)
  })

  it('a file that cannot be loaded holds saving, until the user leaves it out', async () => {
    const saves = serve(Promise.resolve(new Response('gone', { status: 404 })))
    const { result } = open(START)
    await waitFor(() =>
      expect(result.current.pending).toEqual([expect.objectContaining({ failed: true })]),
    )
    expect(result.current.status).toMatchObject({ kind: 'failed' })
    await act(async () => {
      expect((await result.current.saveNow()).ok).toBe(false)
    })
    expect(saves).toHaveLength(0)

    act(() => result.current.removePending(0))
    expect(result.current.status).toEqual({ kind: 'idle' })
    await act(async () => {
      expect((await result.current.saveNow()).ok).toBe(true)
    })
    expect(saves).toEqual([expect.objectContaining({ attachments: [] })])
  })
})
