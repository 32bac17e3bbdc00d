import { useCallback, useEffect, useRef, useState } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { MAX_MESSAGE_BYTES, SaveDraftSchema, SendEmailSchema } from '../../../../contract/mail'
import { toast } from '../../../components/ui/use-toast'
import { ApiError } from '../../../lib/api-client'
import { errorDetail } from '../../../lib/error-detail'
import { formatBytes } from '../../../lib/format-date'
import { useLeaveGuard } from '../../../lib/use-leave-guard'
import { draftsKey, saveDraft } from '../api/drafts'
import { useSendEmail, type SendOutcome } from '../api/send-email'
import {
  fetchDraftFile,
  filesToAttachments,
  type DraftFile,
  type ForwardedFile,
} from './attachments'

export type Fields = { to: string; cc: string; bcc: string; subject: string; body: string }
export type AddressKey = 'to' | 'cc' | 'bcc'
/** Why an address field was refused, by field; shown under it until it is edited. */
export type AddressErrors = Partial<Record<AddressKey, string>>
export type ReplyTarget = { threadId: string; replyToMessageId?: string; originalSender: string }
/**
 * What an editor opens with: empty, a reply's prefill, a popped-out reply or a saved draft; a
 * forward also starts with the original's attachments, a saved draft with its own files.
 */
export type EditorStart = {
  fields: Fields
  reply: ReplyTarget | null
  draftId?: string
  forwarded?: ForwardedFile[]
  /** Files saved in draft `draftId`: fetched as the editor opens, then held as picked files. */
  draftFiles?: DraftFile[]
}

/** A saved draft's file on its way into the editor; saving waits until none is left. */
export type PendingDraftFile = DraftFile & { failed: boolean }

const STILL_LOADING = 'The draft’s attachments are still loading.'
const NOT_LOADED =
  'An attachment of this draft could not be loaded. Remove it, or open the draft again, to go on saving.'

/** How Send goes: see `send` below. */
export type SendOptions = { aiDraftId?: string; sendAt?: Date; onStart?: () => void }

export const EMPTY_FIELDS: Fields = { to: '', cc: '', bcc: '', subject: '', body: '' }

/** A pause in typing this long saves the draft... */
export const AUTOSAVE_DELAY_MS = 2000
/** ...and typing without a pause saves at least this often. */
const AUTOSAVE_MAX_WAIT_MS = 10_000

export type SaveStatus =
  { kind: 'idle' } | { kind: 'saving' } | { kind: 'saved' } | { kind: 'failed'; message: string }

type Content = {
  fields: Fields
  files: File[]
  forwarded: ForwardedFile[]
  reply: ReplyTarget | null
}

/** Identifies what a save wrote: the editor is unsaved while its content differs from it. */
const contentKey = ({ fields, files, forwarded, reply }: Content) =>
  JSON.stringify([
    fields,
    files.map((f) => [f.name, f.size, f.lastModified]),
    forwarded.map((f) => f.attachmentId),
    reply?.threadId ?? null,
    reply?.replyToMessageId ?? null,
  ])

const isBlank = ({ fields, files, forwarded }: Content) =>
  Object.values(fields).every((value) => value.trim() === '') &&
  files.length === 0 &&
  forwarded.length === 0

async function payloadOf({ fields, files, forwarded, reply }: Content) {
  return {
    to: fields.to.trim(),
    cc: fields.cc.trim() || undefined,
    bcc: fields.bcc.trim() || undefined,
    subject: fields.subject.trim(),
    body: fields.body,
    threadId: reply?.threadId,
    replyToMessageId: reply?.replyToMessageId,
    attachments: await filesToAttachments(files),
    // By reference: the server fetches the original's bytes from Gmail.
    forwardedAttachments: forwarded.map(({ messageId, attachmentId }) => ({
      messageId,
      attachmentId,
    })),
  }
}

/**
 * The state of one message being written — Compose's or the inline reply's (one editor for
 * both): its fields and files, the Gmail draft it autosaves to, and Send. Autosave waits for a
 * pause in typing, then creates the Gmail draft and afterwards updates that same draft; saves
 * run one after another, so a second save never creates a second draft. Sending names the
 * draft, and the server deletes it once Gmail accepted the message. Leaving with text not yet
 * saved asks first (useLeaveGuard).
 */
export function useMessageEditor(start: EditorStart) {
  const queryClient = useQueryClient()
  const [fields, setFields] = useState(start.fields)
  const [files, setFiles] = useState<File[]>([])
  const [forwarded, setForwarded] = useState<ForwardedFile[]>(start.forwarded ?? [])
  const [reply, setReply] = useState(start.reply)
  const [draftId, setDraftId] = useState(start.draftId)
  // A popped-out forward's attachments are in its saved draft already; a new forward's are not.
  const startContent = useRef<Content>({
    fields: start.fields,
    files: [],
    forwarded: start.draftId ? (start.forwarded ?? []) : [],
    reply: start.reply,
  })
  const startKey = useRef(contentKey(startContent.current))
  const [savedKey, setSavedKey] = useState(startKey.current)
  const [status, setStatus] = useState<SaveStatus>({ kind: 'idle' })
  // A reopened draft's files. Until each is here, no save or send runs: the draft would be
  // written again without them, and the user's files lost.
  const [pending, setPending] = useState<PendingDraftFile[]>(() =>
    start.draftId ? (start.draftFiles ?? []).map((f) => ({ ...f, failed: false })) : [],
  )
  const pendingRef = useRef(pending)
  pendingRef.current = pending
  useEffect(() => {
    const draftId = start.draftId
    const wanted = start.draftId ? (start.draftFiles ?? []) : []
    if (!draftId || wanted.length === 0) return
    let live = true
    void Promise.allSettled(wanted.map((f) => fetchDraftFile(draftId, f))).then((results) => {
      if (!live) return
      const loaded = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []))
      const failed = wanted.filter((_, i) => results[i]!.status === 'rejected')
      setFiles((current) => [...loaded, ...current])
      // They are in the saved draft already: loading them is no change to save.
      setSavedKey((saved) =>
        saved === startKey.current ? contentKey({ ...startContent.current, files: loaded }) : saved,
      )
      setPending(failed.map((f) => ({ ...f, failed: true })))
      if (failed.length > 0) setStatus({ kind: 'failed', message: NOT_LOADED })
    })
    return () => {
      live = false
    }
    // Once, for the draft the editor opened with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])
  const [sending, setSending] = useState(false)
  const [addressErrors, setAddressErrors] = useState<AddressErrors>({})
  const sendEmail = useSendEmail()

  const content: Content = { fields, files, forwarded, reply }
  const key = contentKey(content)
  const unsaved = key !== savedKey && !isBlank(content)
  useLeaveGuard(unsaved)

  // Saves and Send read the newest content and draft id, whenever they run.
  const latest = useRef({ content, key })
  const draftIdRef = useRef(start.draftId)
  const chain = useRef<Promise<unknown>>(Promise.resolve())
  const sendingRef = useRef(false)
  useEffect(() => {
    latest.current = { content, key }
  })

  /** Saves what the editor holds now, after any save still running. */
  const saveNow = useCallback((): Promise<{ ok: boolean; reason?: string; draftId?: string }> => {
    const run = chain.current.then(async () => {
      const { content, key } = latest.current
      if (sendingRef.current || isBlank(content)) return { ok: false }
      if (pendingRef.current.length > 0) {
        const reason = pendingRef.current.some((f) => f.failed) ? NOT_LOADED : STILL_LOADING
        return { ok: false, reason }
      }
      let input
      try {
        input = { ...(await payloadOf(content)), draftId: draftIdRef.current }
      } catch {
        const reason = 'An attachment could not be read.'
        setStatus({ kind: 'failed', message: reason })
        return { ok: false, reason }
      }
      const checked = SaveDraftSchema.safeParse(input)
      if (!checked.success) {
        const reason = checked.error.issues[0]?.message ?? 'Please check the fields.'
        setStatus({ kind: 'failed', message: reason })
        return { ok: false, reason }
      }
      setStatus({ kind: 'saving' })
      try {
        const result = await saveDraft(input)
        draftIdRef.current = result.draftId
        setDraftId(result.draftId)
        setSavedKey(key)
        setStatus({ kind: 'saved' })
        void queryClient.invalidateQueries({ queryKey: draftsKey })
        return { ok: true, draftId: result.draftId }
      } catch (error) {
        // Sent or deleted elsewhere meanwhile: the next save starts a new draft.
        if (error instanceof ApiError && error.status === 404) {
          draftIdRef.current = undefined
          setDraftId(undefined)
        }
        const reason = errorDetail(error) ?? 'Gmail could not be reached.'
        setStatus({ kind: 'failed', message: reason })
        return { ok: false, reason }
      }
    })
    chain.current = run.catch(() => undefined)
    return run
  }, [queryClient])

  // Autosave: after a pause in typing, or at the latest AUTOSAVE_MAX_WAIT_MS after the first
  // unsaved change. A failed save waits for the next change (no retry loop against Gmail).
  const firstUnsavedAt = useRef<number | null>(null)
  useEffect(() => {
    if (!unsaved) {
      firstUnsavedAt.current = null
      return
    }
    firstUnsavedAt.current ??= Date.now()
    const waited = Date.now() - firstUnsavedAt.current
    const delay = Math.max(0, Math.min(AUTOSAVE_DELAY_MS, AUTOSAVE_MAX_WAIT_MS - waited))
    const timer = setTimeout(() => {
      firstUnsavedAt.current = null
      void saveNow()
    }, delay)
    return () => clearTimeout(timer)
  }, [key, unsaved, saveNow])

  const addFiles = (list: FileList | null) => {
    const incoming = list ? [...list] : []
    if (incoming.length === 0) return
    const total =
      [...files, ...incoming, ...forwarded].reduce((sum, file) => sum + file.size, 0) +
      new Blob([fields.body]).size
    if (total > MAX_MESSAGE_BYTES) {
      toast({
        variant: 'destructive',
        title: 'Attachments too large',
        description: `Gmail allows 25 MB per message, attachments included. With ${incoming.length === 1 ? 'this file' : 'these files'} it would be ${formatBytes(total)}.`,
      })
      return
    }
    setFiles((current) => [...current, ...incoming])
  }

  const removeFile = (index: number) => setFiles((current) => current.filter((_, i) => i !== index))
  /** Leaves a draft's file that could not be loaded out of the message. */
  const removePending = (index: number) => {
    const left = pending.filter((f) => f.index !== index)
    setPending(left)
    if (left.length === 0) setStatus({ kind: 'idle' })
  }
  const removeForwarded = (attachmentId: string) =>
    setForwarded((current) => current.filter((f) => f.attachmentId !== attachmentId))

  /**
   * Sends (with the AI draft it was written from): at `sendAt` (Send later), else through the
   * user's Undo send window (decision 053). Null when it was not sent; `onStart` runs once the
   * message is going, before the server answers (the toast shows at the click).
   */
  const send = async ({
    onStart,
    sendAt,
    ...extra
  }: SendOptions = {}): Promise<SendOutcome | null> => {
    if (sendingRef.current) return null
    if (!fields.to.trim() || !fields.subject.trim() || !fields.body.trim()) {
      toast({
        variant: 'destructive',
        title: 'Missing required fields',
        description: 'Please fill in recipient, subject, and message',
      })
      return null
    }
    if (pendingRef.current.length > 0) {
      toast({
        variant: 'destructive',
        title: 'Failed to send email',
        description: pendingRef.current.some((f) => f.failed) ? NOT_LOADED : STILL_LOADING,
      })
      return null
    }
    sendingRef.current = true
    setSending(true)
    onStart?.()
    const failed = (description?: string) => {
      toast({ variant: 'destructive', title: 'Failed to send email', description })
      return null
    }
    try {
      // A save still running finishes first: its draft is the one the server deletes.
      await chain.current
      let input
      try {
        input = {
          ...(await payloadOf(content)),
          draftId: draftIdRef.current,
          ...extra,
          ...(sendAt ? { sendAt: sendAt.toISOString() } : { undo: true }),
        }
      } catch {
        return failed('An attachment could not be read.')
      }
      const checked = SendEmailSchema.safeParse(input)
      if (!checked.success) {
        // An address that is not one is marked on its own field.
        const marked: AddressErrors = {}
        for (const issue of checked.error.issues) {
          const key = issue.path[0]
          if (key === 'to' || key === 'cc' || key === 'bcc') marked[key] ??= issue.message
        }
        setAddressErrors(marked)
        return failed(checked.error.issues[0]?.message ?? 'Please check the fields.')
      }
      const result = await sendEmail.mutateAsync(input)
      draftIdRef.current = undefined
      setDraftId(undefined)
      setFields(EMPTY_FIELDS)
      setFiles([])
      setForwarded([])
      setReply(null)
      setSavedKey(contentKey({ fields: EMPTY_FIELDS, files: [], forwarded: [], reply: null }))
      setStatus({ kind: 'idle' })
      void queryClient.invalidateQueries({ queryKey: draftsKey })
      return result
    } catch (error) {
      return failed(errorDetail(error) ?? (error as Error).message)
    } finally {
      sendingRef.current = false
      setSending(false)
    }
  }

  return {
    fields,
    setFields,
    addressErrors,
    /** Sets one address field, and forgets why it was refused. */
    setAddresses: (key: AddressKey) => (value: string) => {
      setAddressErrors((current) => ({ ...current, [key]: undefined }))
      setFields((current) => ({ ...current, [key]: value }))
    },
    files,
    addFiles,
    removeFile,
    forwarded,
    removeForwarded,
    pending,
    removePending,
    reply,
    setReply,
    draftId,
    status,
    unsaved,
    sending,
    saveNow,
    send,
  }
}

export type MessageEditorState = ReturnType<typeof useMessageEditor>
