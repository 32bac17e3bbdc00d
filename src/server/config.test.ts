import { describe, expect, it } from 'vitest'
import { loadConfig } from './config.js'

describe('AI provider configuration', () => {
  it('uses the offline writer when no provider is named', () => {
    expect(loadConfig({}).ai).toMatchObject({ provider: 'offline' })
    expect(loadConfig({ AI_PROVIDER: '' }).ai).toMatchObject({ provider: 'offline' })
    expect(loadConfig({}).freeAiEmailsPerMonth).toBe(20)
  })

  it('reads a named provider with its default model', () => {
    expect(loadConfig({ AI_PROVIDER: 'openai', AI_API_KEY: 'sk-test' }).ai).toMatchObject({
      provider: 'openai',
      model: 'gpt-4o-mini',
      apiKey: 'sk-test',
    })
    expect(
      loadConfig({
        AI_PROVIDER: 'openai-compatible',
        AI_BASE_URL: 'http://localhost:11434/v1',
        AI_MODEL: 'llama3.1:8b',
      }).ai,
    ).toMatchObject({ provider: 'openai-compatible', apiKey: undefined })
  })

  it.each([
    [{ AI_PROVIDER: 'openai' }, 'AI_PROVIDER=openai needs AI_API_KEY'],
    [{ AI_PROVIDER: 'anthropic' }, 'AI_PROVIDER=anthropic needs AI_API_KEY'],
    [{ AI_PROVIDER: 'openai-compatible', AI_MODEL: 'x' }, 'needs AI_BASE_URL'],
    [{ AI_PROVIDER: 'gemini' }, 'AI_PROVIDER'],
    [{ FREE_AI_EMAILS_PER_MONTH: '-1' }, 'FREE_AI_EMAILS_PER_MONTH'],
  ])('refuses to start with %j, saying what is missing', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message)
  })
})
