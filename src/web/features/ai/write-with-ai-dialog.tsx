import { useId, useState } from 'react'
import { Sparkles } from 'lucide-react'
import { Button } from '../../components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog'
import { OptionSelect } from '../../components/form-field'
import { Label } from '../../components/ui/label'
import { Textarea } from '../../components/ui/textarea'
import { toast } from '../../components/ui/use-toast'
import { useTemplates } from '../../lib/queries/templates'
import { writeWithAiProblem } from './draft-rules'

const NO_TEMPLATE = 'none'

/**
 * Compose's 'Write with AI' dialog: asks what to write about. Generating closes it; the draft
 * then streams into the message field.
 */
export function WriteWithAiDialog({
  contactName,
  onGenerate,
  onClose,
}: {
  /** The selected contact, or null when none is. */
  contactName: string | null
  /**
   * Called with the trimmed description once it passes the checks, and the template the draft
   * starts from, if one was chosen (decision 051: the writer adapts it to the contact).
   */
  onGenerate: (description: string, templateId?: string) => void
  onClose: () => void
}) {
  const id = useId()
  const [description, setDescription] = useState('')
  const [templateId, setTemplateId] = useState<string>(NO_TEMPLATE)
  const templates = useTemplates()
  // One entry per e-mail: a built-in family is offered once (the server takes it in the
  // contact's language); the user's own are offered as they are.
  const choices = (templates.data ?? []).filter(
    (t) => t.kind === 'custom' || t.language === 'english',
  )
  const chosen = templateId === NO_TEMPLATE ? undefined : templateId

  function generate() {
    const problem = writeWithAiProblem({
      contactSelected: contactName !== null,
      description,
      templateChosen: chosen !== undefined,
    })
    if (problem) {
      toast({ variant: 'destructive', title: problem.title })
      return
    }
    onGenerate(description.trim(), chosen)
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Write with AI</DialogTitle>
          <DialogDescription>
            {contactName
              ? `A draft to ${contactName}, in their language and tone.`
              : 'Select a contact first, so the draft fits them.'}
          </DialogDescription>
        </DialogHeader>
        <form
          noValidate
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault()
            generate()
          }}
        >
          {choices.length > 0 && (
            <OptionSelect
              id={`${id}-template`}
              label="Start from a template (optional)"
              options={[NO_TEMPLATE, ...choices.map((t) => t.id)]}
              value={templateId}
              labelOf={(value) =>
                value === NO_TEMPLATE
                  ? 'No template'
                  : (choices.find((t) => t.id === value)?.name ?? value)
              }
              onChange={setTemplateId}
            />
          )}
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-about`}>What would you like to write about?</Label>
            <Textarea
              id={`${id}-about`}
              rows={5}
              value={description}
              onChange={(event) => setDescription(event.target.value)}
              placeholder="Ask for the signed contract by Friday and thank them for the meeting"
              onKeyDown={(event) => {
                if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
                  event.preventDefault()
                  generate()
                }
              }}
            />
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit">
              <Sparkles aria-hidden="true" /> Generate
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}
