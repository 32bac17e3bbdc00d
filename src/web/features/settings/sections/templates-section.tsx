import { useId, useState, type FormEvent } from 'react'
import { FileText, Pencil, Plus, Trash2 } from 'lucide-react'
import { LANGUAGES } from '../../../../contract/options'
import {
  TEMPLATE_BODY_MAX,
  TEMPLATE_NAME_MAX,
  TEMPLATE_SUBJECT_MAX,
  TEMPLATE_VARIABLES_HINT,
  type Template,
} from '../../../../contract/templates'
import { ConfirmDeleteDialog } from '../../../components/confirm-delete-dialog'
import { FormField, OptionSelect } from '../../../components/form-field'
import { ProBadge } from '../../../components/pro-badge'
import { Button } from '../../../components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog'
import { Input } from '../../../components/ui/input'
import { Spinner } from '../../../components/ui/spinner'
import { Textarea } from '../../../components/ui/textarea'
import { toast } from '../../../components/ui/use-toast'
import { errorDetail } from '../../../lib/error-detail'
import { usePlan } from '../../../lib/queries/plan'
import { useTemplates } from '../../../lib/queries/templates'
import { useTemplateMutations } from '../api/templates'
import { Section } from './section'

type Language = (typeof LANGUAGES)[number]
const ANY = 'any'

/**
 * The user's own templates (decision 051): Pro users create, edit and delete them; a Free user
 * sees what Pro adds and, after a downgrade, may still delete the templates they made. The
 * built-in ones need no managing: Compose and the reply list them for everyone.
 */
export function TemplatesSection() {
  const { data: plan } = usePlan()
  const templates = useTemplates()
  const { remove } = useTemplateMutations()
  const [editing, setEditing] = useState<Template | 'new' | null>(null)
  const [deleting, setDeleting] = useState<Template | null>(null)
  const isPro = plan?.plan === 'pro'
  const own = (templates.data ?? []).filter((t) => t.kind === 'custom')
  const builtIns = (templates.data ?? []).filter((t) => t.kind === 'builtin').length

  return (
    <div id="templates" className="scroll-mt-20">
      <Section
        title="Templates"
        description={`Insert a template in Compose or a reply with the Templates button, or type ; and a few letters. ${builtIns ? `${builtIns} built-in templates` : 'The built-in templates'} in English, Spanish, French and German are free.`}
      >
        {!isPro && (
          <p className="flex flex-wrap items-center gap-2 text-sm">
            <ProBadge />
            <span>Write your own templates with Pro.</span>
            <a href="/upgrade" className="font-medium underline underline-offset-2">
              Upgrade to Pro
            </a>
          </p>
        )}
        {templates.isPending ? (
          <Spinner label="Loading templates…" />
        ) : templates.isError ? (
          <p className="text-sm text-destructive">The templates could not be loaded.</p>
        ) : own.length === 0 ? (
          isPro && (
            <p className="text-sm text-muted-foreground">You have no templates of your own yet.</p>
          )
        ) : (
          <ul
            className="divide-y divide-border rounded-md border border-border"
            aria-label="Your templates"
          >
            {own.map((template) => (
              <li key={template.id} className="flex items-center gap-3 px-3 py-2">
                <FileText className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
                <div className="min-w-0 flex-1">
                  <p className="truncate text-sm font-medium">{template.name}</p>
                  {template.subject && (
                    <p className="truncate text-xs text-muted-foreground">{template.subject}</p>
                  )}
                </div>
                {isPro && (
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={`Edit ${template.name}`}
                    onClick={() => setEditing(template)}
                  >
                    <Pencil aria-hidden="true" />
                  </Button>
                )}
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`Delete ${template.name}`}
                  onClick={() => setDeleting(template)}
                >
                  <Trash2 aria-hidden="true" />
                </Button>
              </li>
            ))}
          </ul>
        )}
        {isPro && (
          <div>
            <Button variant="outline" onClick={() => setEditing('new')}>
              <Plus aria-hidden="true" /> New template
            </Button>
          </div>
        )}
      </Section>
      {editing && (
        <TemplateDialog
          template={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
      {deleting && (
        <ConfirmDeleteDialog
          title="Delete template"
          question={`Delete “${deleting.name}”?`}
          pending={remove.isPending}
          onClose={() => setDeleting(null)}
          onConfirm={() =>
            remove.mutate(deleting.id, {
              onSuccess: () => {
                setDeleting(null)
                toast({ title: 'Template deleted' })
              },
              onError: (error) =>
                toast({
                  variant: 'destructive',
                  title: 'Failed to delete template',
                  description: errorDetail(error),
                }),
            })
          }
        >
          The template is removed from your list. Messages you already wrote with it stay as they
          are.
        </ConfirmDeleteDialog>
      )}
    </div>
  )
}

function TemplateDialog({ template, onClose }: { template: Template | null; onClose: () => void }) {
  const id = useId()
  const { create, update } = useTemplateMutations()
  const [name, setName] = useState(template?.name ?? '')
  const [subject, setSubject] = useState(template?.subject ?? '')
  const [body, setBody] = useState(template?.body ?? '')
  const [language, setLanguage] = useState<Language | typeof ANY>(template?.language ?? ANY)
  const [error, setError] = useState<{ field: string; message: string } | null>(null)
  const pending = create.isPending || update.isPending

  function submit(event: FormEvent) {
    event.preventDefault()
    if (!name.trim()) return setError({ field: 'name', message: 'Give the template a name' })
    if (!body.trim()) return setError({ field: 'body', message: 'Write the template’s text' })
    setError(null)
    const values = {
      name,
      subject,
      body,
      language: language === ANY ? null : language,
    }
    const done = {
      onSuccess: () => {
        toast({ title: template ? 'Template saved' : 'Template created' })
        onClose()
      },
      onError: (failure: unknown) => {
        // The server names the field it refused ("body: must be at most 131072 characters").
        const detail = errorDetail(failure) ?? 'Please try again.'
        const field = /^(name|subject|body|language):/.exec(detail)?.[1] ?? 'form'
        setError({ field, message: detail.replace(/^\w+: /, '') })
      },
    }
    if (template) update.mutate({ id: template.id, patch: values }, done)
    else create.mutate(values, done)
  }

  const errorFor = (field: string) => (error?.field === field ? error.message : undefined)

  return (
    <Dialog open onOpenChange={(open) => !open && !pending && onClose()}>
      <DialogContent className="sm:max-w-xl">
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>{template ? 'Edit template' : 'New template'}</DialogTitle>
            <DialogDescription>{TEMPLATE_VARIABLES_HINT}</DialogDescription>
          </DialogHeader>
          <FormField label="Name" htmlFor={`${id}-name`} error={errorFor('name')}>
            <Input
              id={`${id}-name`}
              value={name}
              maxLength={TEMPLATE_NAME_MAX}
              aria-invalid={errorFor('name') ? true : undefined}
              onChange={(e) => setName(e.target.value)}
            />
          </FormField>
          <FormField label="Subject" htmlFor={`${id}-subject`} error={errorFor('subject')}>
            <Input
              id={`${id}-subject`}
              value={subject}
              maxLength={TEMPLATE_SUBJECT_MAX}
              onChange={(e) => setSubject(e.target.value.replace(/[\r\n]+/g, ' '))}
            />
          </FormField>
          <FormField label="Text" htmlFor={`${id}-body`} error={errorFor('body')}>
            <Textarea
              id={`${id}-body`}
              value={body}
              rows={10}
              maxLength={TEMPLATE_BODY_MAX}
              aria-invalid={errorFor('body') ? true : undefined}
              onChange={(e) => setBody(e.target.value)}
            />
          </FormField>
          <OptionSelect
            id={`${id}-language`}
            label="Language"
            options={[ANY, ...LANGUAGES] as const}
            value={language}
            labelOf={(value) =>
              value === ANY ? 'Any language' : value.charAt(0).toUpperCase() + value.slice(1)
            }
            onChange={setLanguage}
          />
          {errorFor('form') && <p className="text-sm text-destructive">{errorFor('form')}</p>}
          <DialogFooter>
            <Button type="button" variant="outline" disabled={pending} onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={pending}>
              {pending && <Spinner size="sm" label="Saving" className="text-current" />}
              {template ? 'Save' : 'Create'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}
