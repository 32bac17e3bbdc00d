import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { Template, TemplateInput, TemplatePatch } from '../../../../contract/templates'
import { apiJson } from '../../../lib/api-client'
import { templatesKey } from '../../../lib/queries/templates'

export function createTemplate(input: TemplateInput): Promise<Template> {
  return apiJson<Template>('POST', '/api/templates', input)
}

export function updateTemplate(id: string, patch: TemplatePatch): Promise<Template> {
  return apiJson<Template>('PATCH', `/api/templates/${encodeURIComponent(id)}`, patch)
}

export function deleteTemplate(id: string): Promise<void> {
  return apiJson<void>('DELETE', `/api/templates/${encodeURIComponent(id)}`)
}

/** Create, edit and delete the user's own templates (Pro); each refreshes the templates list. */
export function useTemplateMutations() {
  const queryClient = useQueryClient()
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: templatesKey })
  return {
    create: useMutation({ mutationFn: createTemplate, onSuccess }),
    update: useMutation({
      mutationFn: ({ id, patch }: { id: string; patch: TemplatePatch }) =>
        updateTemplate(id, patch),
      onSuccess,
    }),
    remove: useMutation({ mutationFn: deleteTemplate, onSuccess }),
  }
}
