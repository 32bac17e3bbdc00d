import { createAnthropic } from '@ai-sdk/anthropic'
import { createOpenAI } from '@ai-sdk/openai'
import { createOpenAICompatible } from '@ai-sdk/openai-compatible'
import type { Writer } from '../../../../contract/ai.js'
import type { AiProviderConfig } from '../../../config.js'
import { createOfflineWriter, type LanguageModelV3, type WritingPace } from './offline-writer.js'

export type WriterModel = { model: LanguageModelV3; writer: Writer }

/**
 * The one provider factory (decision 011), used by the app and by `npm run eval:writing`: the model the
 * configuration names, or the offline writer when it names none.
 */
export function createWriterModel(
  config: AiProviderConfig,
  options: { offlinePace?: WritingPace } = {},
): WriterModel {
  switch (config.provider) {
    case 'offline': {
      const model = createOfflineWriter(options.offlinePace)
      return { model, writer: { provider: model.provider, model: model.modelId, offline: true } }
    }
    case 'openai': {
      const openai = createOpenAI({ apiKey: config.apiKey, baseURL: config.baseUrl })
      return remote(openai.chat(config.model), 'openai', config.model)
    }
    case 'anthropic': {
      const anthropic = createAnthropic({ apiKey: config.apiKey, baseURL: config.baseUrl })
      return remote(anthropic(config.model), 'anthropic', config.model)
    }
    case 'openai-compatible': {
      const provider = createOpenAICompatible({
        name: 'openai-compatible',
        baseURL: config.baseUrl,
        apiKey: config.apiKey,
        // Ask for token counts in the stream, for the AiDraft row.
        includeUsage: true,
      })
      return remote(provider.chatModel(config.model), 'openai-compatible', config.model)
    }
  }
}

function remote(model: LanguageModelV3, provider: string, modelId: string): WriterModel {
  return { model, writer: { provider, model: modelId, offline: false } }
}
