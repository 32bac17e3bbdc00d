import { useEffect } from 'react'
import { useLocation } from 'wouter'
import { Spinner } from '../../../components/ui/spinner'
import { SmartReplyDialog } from '../../ai/smart-reply-dialog'
import { useSendEmail } from '../api/send-email'
import { buildReplyHandoff, writeComposeHandoff } from '../compose/compose-handoff'
import { useThread } from '../api/get-thread'
import { smartReplySource } from '../reply-source'
import { signatureBlock } from '../signature'
import { useStartSignature } from '../use-start-signature'

/**
 * Smart Reply for one conversation, from the viewer or a row's quick actions: loads the
 * conversation (usually cached), answers its latest message, and sends the reply in the same
 * Gmail thread with the 'Re: ' subject rule of an ordinary reply.
 */
export function SmartReply({
  threadId,
  myEmail,
  onClose,
}: {
  threadId: string
  myEmail: string
  onClose: () => void
}) {
  const [, navigate] = useLocation()
  const { data: detail, isError } = useThread(threadId)
  const send = useSendEmail()
  const signature = useStartSignature()
  const latest = detail?.messages.at(-1)
  const source = detail ? smartReplySource(threadId, detail) : null

  // A conversation that cannot be loaded has nothing to answer (the viewer says why).
  useEffect(() => {
    if (isError) onClose()
  }, [isError, onClose])

  if (isError) return null
  if (!detail || !latest || !source) {
    return (
      <div className="fixed inset-0 z-50 flex items-center justify-center bg-black/20">
        <Spinner label="Opening the conversation…" />
      </div>
    )
  }

  const handoff = buildReplyHandoff('reply', latest, detail.subject, myEmail)
  return (
    <SmartReplyDialog
      source={source}
      signedBelow={signature !== ''}
      onSend={async (text, aiDraftId) => {
        await send.mutateAsync({
          to: handoff.to,
          cc: handoff.cc,
          subject: handoff.subject,
          // Below the reply, as Compose would place it (Edit in Compose adds it there too).
          body: signature ? `${text}\n\n${signatureBlock(signature)}` : text,
          threadId: handoff.threadId,
          replyToMessageId: handoff.replyToMessageId,
          aiDraftId,
        })
      }}
      onEditInCompose={(text, aiDraftId) => {
        writeComposeHandoff({ ...handoff, body: text, aiDraftId })
        navigate('/compose')
      }}
      onClose={onClose}
    />
  )
}
