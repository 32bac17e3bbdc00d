import { useQueries, type UseQueryResult } from '@tanstack/react-query'
import type { EmailMessage } from '../../../../contract/mail'
import { attachmentPath } from '../../../../contract/mail-paths'
import { apiRequest } from '../../../lib/api-client'

/** The image types the attachment route serves as images (anything else comes as bytes). */
const INLINE_IMAGE_TYPE = /^image\/(png|jpeg|gif|webp)$/
/** Larger inline parts are left out rather than held in memory as text. */
const MAX_INLINE_IMAGE_BYTES = 5 * 1024 * 1024

/** The parts of `message` its HTML shows inline (`cid:`, linked by the server to their URL). */
export function inlineParts(message: EmailMessage) {
  const html = message.htmlBody ?? ''
  return message.attachments
    .filter((a) => a.contentId)
    .map((a) => ({ ...a, path: attachmentPath(message.id, a.attachmentId) }))
    .filter((a) => html.includes(a.path))
}

async function fetchAsDataUrl(path: string): Promise<string | null> {
  const blob = await (await apiRequest('GET', path)).blob()
  if (!INLINE_IMAGE_TYPE.test(blob.type) || blob.size > MAX_INLINE_IMAGE_BYTES) return null
  return new Promise((resolve, reject) => {
    const reader = new FileReader()
    reader.onerror = () => reject(reader.error ?? new Error('The image could not be read'))
    reader.onload = () => resolve(String(reader.result))
    reader.readAsDataURL(blob)
  })
}

type InlineImage = { path: string; dataUrl: string | null }

/**
 * The fetched images as one map. At module level, so TanStack Query re-runs it (and the map is
 * a new object) only when a query's result changes: the sanitizer is memoized on it.
 */
function combineImages(results: UseQueryResult<InlineImage>[]) {
  const images = new Map<string, string>()
  for (const { data } of results) if (data?.dataUrl) images.set(data.path, data.dataUrl)
  return { images, ready: results.every((r) => !r.isPending), count: results.length }
}

/**
 * A message's inline (`cid:`) images as data: URLs, keyed by their attachment path (decision
 * 037). The app fetches them with the session and hands them to the sanitizer as data: images,
 * so the sandboxed mail frame, which has no session and may load nothing, still shows them.
 * `ready` once every one has loaded or failed (a failed one is simply not shown).
 */
export function useInlineImages(message: EmailMessage, enabled: boolean) {
  const parts = enabled ? inlineParts(message) : []
  return useQueries({
    queries: parts.map((part) => ({
      queryKey: ['inline-image', message.id, part.attachmentId] as const,
      queryFn: async (): Promise<InlineImage> => ({
        path: part.path,
        dataUrl: await fetchAsDataUrl(part.path),
      }),
      staleTime: Infinity,
      retry: 1,
    })),
    combine: combineImages,
  })
}
