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
import { Label } from '../../components/ui/label'
import { Textarea } from '../../components/ui/textarea'
import { toast } from '../../components/ui/use-toast'
import { writeWithAiProblem } from './draft-rules'

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
  /** Called with the trimmed description once it passes the checks. */
  onGenerate: (description: string) => void
  onClose: () => void
}) {
  const id = useId()
  const [description, setDescription] = useState('')

  function generate() {
    const problem = writeWithAiProblem({ contactSelected: contactName !== null, description })
    if (problem) {
      toast({ variant: 'destructive', title: problem.title })
      return
    }
    onGenerate(description.trim())
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
