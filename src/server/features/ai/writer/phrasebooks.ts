/**
 * The offline writer's phrasebooks, one per language (decision 045): each says every act in its
 * own words, formal and informal, warm and neutral, with several wordings to vary between asks.
 */
import type { Language } from '../prompt.js'
import type { Phrasebook } from './acts.js'
import { german } from './de.js'
import { english } from './en.js'
import { spanish } from './es.js'
import { french } from './fr.js'

export const phrasebooks: Record<Language, Phrasebook> = { english, spanish, french, german }
