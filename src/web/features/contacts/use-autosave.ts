// The hook lives in lib: the Settings screen autosaves too (issue 25).
export { useAutosave, type AutosaveStatus } from '../../lib/use-autosave'
