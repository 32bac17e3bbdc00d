import { useEffect, useId, useState } from 'react'
import { useLocation } from 'wouter'
import { Button } from '../../../../components/ui/button'
import { ToastAction } from '../../../../components/ui/toast'
import { toast } from '../../../../components/ui/use-toast'
import { AiAssistantPanel } from '../../../ai/ai-assistant-panel'
import { formatAddress } from '../addresses'
import { clearComposeHandoff, editorStart, readComposeHandoff } from '../compose-handoff'
import { useStartSignature } from '../../use-start-signature'
import { useDraftTarget } from '../use-draft-target'
import { useMessageEditor } from '../use-message-editor'
import { MessageEditor } from './message-editor'

/**
 * Compose: new mail, a reopened draft, or a reply popped out of its thread or
 * taken on from Smart Reply. The form is the shared MessageEditor, which autosaves a draft.
 */
export function ComposeScreen() {
  const id = useId()
  const [, navigate] = useLocation()
  // Read once; removed after use, so a reload starts blank. Removing in an effect, not here, keeps the
  // handoff for React's second render of the initializer in development.
  const [handoff] = useState(readComposeHandoff)
  useEffect(() => {
    if (handoff) clearComposeHandoff()
  }, [handoff])

  const editor = useMessageEditor(editorStart(handoff, useStartSignature()))
  const ai = useDraftTarget(editor.fields, editor.setFields)
  const aiDraftId = ai.aiDraftId ?? handoff?.aiDraftId
  const { reply, fields } = editor

  const onSend = async () => {
    const result = await editor.send({ aiDraftId })
    if (!result) return
    ai.setAiDraftId(undefined)
    toast({
      title: 'Email sent',
      action: (
        <ToastAction
          altText="Open the conversation from the inbox"
          onClick={() => navigate(`/inbox?thread=${encodeURIComponent(result.threadId)}`)}
        >
          View
        </ToastAction>
      ),
    })
  }

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 p-4 lg:flex-row lg:p-6">
      <MessageEditor
        editor={editor}
        label="Compose"
        focus={handoff?.to ? 'body' : 'to'}
        busy={ai.generating}
        onSend={() => void onSend()}
        header={
          <div className="space-y-1">
            <h1 id={`${id}-title`} className="text-2xl font-semibold tracking-tight">
              Compose
            </h1>
            {reply && (
              <p
                className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground"
                data-testid="reply-context"
              >
                Replying in the conversation with {reply.originalSender || 'the sender'}.
                <Button
                  type="button"
                  variant="link"
                  size="sm"
                  className="h-auto px-0"
                  onClick={() => editor.setReply(null)}
                >
                  Send as a new conversation instead
                </Button>
              </p>
            )}
          </div>
        }
      />

      <aside aria-label="Assistants" className="space-y-4 lg:w-80 lg:shrink-0">
        <AiAssistantPanel
          recipient={fields.to}
          subject={fields.subject}
          threadId={reply?.threadId}
          onContactPicked={(contact) =>
            editor.setFields((current) => ({ ...current, to: formatAddress(contact) }))
          }
          target={ai.target}
        />
      </aside>
    </div>
  )
}
