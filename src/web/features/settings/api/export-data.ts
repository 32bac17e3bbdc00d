import { useMutation } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'

export type ExportFile = { blob: Blob; filename: string }

/** The name the server suggests in Content-Disposition, or a dated default. */
export function exportFilename(contentDisposition: string | null, now = new Date()): string {
  const match = contentDisposition?.match(/filename\*?=(?:UTF-8'')?"?([^";]+)"?/i)
  const suggested = match?.[1] && decodeURIComponent(match[1]).replace(/[/\\]/g, '_').trim()
  return suggested || `inkwell-export-${now.toISOString().slice(0, 10)}.json`
}

/** GET /api/user/export: everything Inkwell stores for the user, as a JSON file (decision 035). */
export async function exportUserData(): Promise<ExportFile> {
  const response = await apiRequest('GET', '/api/user/export')
  const blob = await response.blob()
  return {
    blob: blob.type ? blob : new Blob([blob], { type: 'application/json' }),
    filename: exportFilename(response.headers.get('Content-Disposition')),
  }
}

/** Saves a blob through a temporary download link. */
export function downloadFile({ blob, filename }: ExportFile): void {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = filename
  link.hidden = true
  document.body.append(link)
  link.click()
  link.remove()
  // Revoking at once can cancel the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 60_000)
}

export function useExportData() {
  return useMutation({ mutationFn: exportUserData, onSuccess: downloadFile })
}
