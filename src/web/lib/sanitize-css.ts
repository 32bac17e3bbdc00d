/**
 * The CSS of a mail (its <style> blocks and style attributes), read the way a browser reads it.
 *
 * A filter that looks for `url(` in the text misses what the browser still finds: `\75 rl(`,
 * `u\rl(`, `image-set("…")`, comments in odd places. So this module tokenizes the CSS as the
 * CSS Syntax Level 3 specification says (escapes resolved, strings and url tokens told apart),
 * groups the tokens into rules and declarations as the browser's parser does, and judges every
 * URL there by the value the browser would fetch. A declaration (or a rule prelude) with a URL
 * the caller refuses, or with anything that imports or runs code, is dropped whole; the rest is
 * written back token by token, so what is kept is exactly what was checked.
 */

type TokenType =
  | 'ident'
  | 'function'
  | 'at-keyword'
  | 'hash'
  | 'string'
  | 'bad-string'
  | 'url'
  | 'bad-url'
  | 'delim'
  | 'number'
  | 'whitespace'
  | 'comment'
  | 'cdo'
  | 'cdc'
  | 'colon'
  | 'semicolon'
  | 'comma'
  | '['
  | ']'
  | '('
  | ')'
  | '{'
  | '}'

type Token = {
  type: TokenType
  /** The unescaped name or text (idents, functions, at-keywords, hashes, strings, urls, delims). */
  value: string
  start: number
  end: number
}

/** Decides whether one URL found in the CSS may stay. */
export type UrlCheck = (url: string) => boolean

const isDigit = (c: string | undefined) => c !== undefined && c >= '0' && c <= '9'
const isHex = (c: string | undefined) => c !== undefined && /^[0-9a-fA-F]$/.test(c)
const isNameStart = (c: string | undefined) =>
  c !== undefined && (/^[a-zA-Z_]$/.test(c) || c.charCodeAt(0) >= 0x80)
const isName = (c: string | undefined) => isNameStart(c) || isDigit(c) || c === '-'
const isWhitespace = (c: string | undefined) => c === ' ' || c === '\t' || c === '\n'
const isNonPrintable = (c: string) => {
  const code = c.charCodeAt(0)
  return code <= 8 || code === 0x0b || (code >= 0x0e && code <= 0x1f) || code === 0x7f
}
const validEscape = (a: string | undefined, b: string | undefined) => a === '\\' && b !== '\n'
function startsIdent(a: string | undefined, b: string | undefined, c: string | undefined) {
  if (a === '-') return isNameStart(b) || b === '-' || validEscape(b, c)
  if (a === '\\') return validEscape(a, b)
  return isNameStart(a)
}
function startsNumber(a: string | undefined, b: string | undefined, c: string | undefined) {
  if (a === '+' || a === '-') return isDigit(b) || (b === '.' && isDigit(c))
  if (a === '.') return isDigit(b)
  return isDigit(a)
}

/** The spec's input preprocessing: one kind of newline, no NUL. */
const preprocess = (css: string) => css.replace(/\r\n?|\f/g, '\n').replace(/\0/g, '\uFFFD')

/** Splits preprocessed CSS into tokens (CSS Syntax Level 3, section 4). */
function tokenize(css: string): Token[] {
  const tokens: Token[] = []
  let i = 0
  const at = (offset = 0) => css[i + offset]

  const consumeEscape = (): string => {
    // The backslash is already consumed.
    const c = css[i]
    if (c === undefined) return '\uFFFD'
    if (isHex(c)) {
      let hex = ''
      while (hex.length < 6 && isHex(css[i])) hex += css[i++]
      if (isWhitespace(css[i])) i += 1
      const code = parseInt(hex, 16)
      const valid = code !== 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff)
      return String.fromCodePoint(valid ? code : 0xfffd)
    }
    i += 1
    return c
  }
  const consumeName = (): string => {
    let name = ''
    for (;;) {
      if (isName(at())) name += css[i++]
      else if (validEscape(at(), at(1))) {
        i += 1
        name += consumeEscape()
      } else return name
    }
  }
  const consumeNumber = () => {
    if (at() === '+' || at() === '-') i += 1
    while (isDigit(at())) i += 1
    if (at() === '.' && isDigit(at(1))) {
      i += 1
      while (isDigit(at())) i += 1
    }
    if (
      (at() === 'e' || at() === 'E') &&
      (isDigit(at(1)) || ((at(1) === '+' || at(1) === '-') && isDigit(at(2))))
    ) {
      i += 2
      while (isDigit(at())) i += 1
    }
  }
  const consumeBadUrlRemnants = () => {
    while (i < css.length && at() !== ')') {
      if (validEscape(at(), at(1))) {
        i += 1
        consumeEscape()
      } else i += 1
    }
    if (at() === ')') i += 1
  }
  const consumeUrl = (start: number): Token => {
    let value = ''
    while (isWhitespace(at())) i += 1
    for (;;) {
      const c = at()
      if (c === undefined) return { type: 'url', value, start, end: i }
      if (c === ')') {
        i += 1
        return { type: 'url', value, start, end: i }
      }
      if (isWhitespace(c)) {
        while (isWhitespace(at())) i += 1
        if (at() === ')' || at() === undefined) continue
        consumeBadUrlRemnants()
        return { type: 'bad-url', value, start, end: i }
      }
      if (c === '"' || c === "'" || c === '(' || isNonPrintable(c)) {
        consumeBadUrlRemnants()
        return { type: 'bad-url', value, start, end: i }
      }
      if (c === '\\') {
        if (!validEscape(c, at(1))) {
          consumeBadUrlRemnants()
          return { type: 'bad-url', value, start, end: i }
        }
        i += 1
        value += consumeEscape()
        continue
      }
      value += c
      i += 1
    }
  }
  const consumeString = (quote: string, start: number): Token => {
    let value = ''
    for (;;) {
      const c = at()
      if (c === undefined) return { type: 'string', value, start, end: i }
      if (c === quote) {
        i += 1
        return { type: 'string', value, start, end: i }
      }
      if (c === '\n') return { type: 'bad-string', value, start, end: i }
      i += 1
      if (c === '\\') {
        if (at() === undefined) continue
        if (at() === '\n') i += 1
        else value += consumeEscape()
        continue
      }
      value += c
    }
  }
  const consumeIdentLike = (start: number): Token => {
    const name = consumeName()
    if (name.toLowerCase() === 'url' && at() === '(') {
      i += 1
      while (isWhitespace(at()) && isWhitespace(at(1))) i += 1
      const next = isWhitespace(at()) ? at(1) : at()
      if (next === '"' || next === "'") return { type: 'function', value: name, start, end: i }
      return consumeUrl(start)
    }
    if (at() === '(') {
      i += 1
      return { type: 'function', value: name, start, end: i }
    }
    return { type: 'ident', value: name, start, end: i }
  }
  const consumeNumeric = (start: number): Token => {
    consumeNumber()
    if (startsIdent(at(), at(1), at(2))) consumeName()
    else if (at() === '%') i += 1
    // Numbers, percentages and dimensions never hold a URL; one type is enough here.
    return { type: 'number', value: css.slice(start, i), start, end: i }
  }
  const simple = (type: TokenType, start: number, length = 1): Token => {
    i = start + length
    return { type, value: css.slice(start, i), start, end: i }
  }

  while (i < css.length) {
    const start = i
    const c = css[i]!
    if (c === '/' && at(1) === '*') {
      const close = css.indexOf('*/', i + 2)
      i = close === -1 ? css.length : close + 2
      tokens.push({ type: 'comment', value: '', start, end: i })
    } else if (isWhitespace(c)) {
      while (isWhitespace(at())) i += 1
      tokens.push({ type: 'whitespace', value: ' ', start, end: i })
    } else if (c === '"' || c === "'") {
      i += 1
      tokens.push(consumeString(c, start))
    } else if (c === '#' && (isName(at(1)) || validEscape(at(1), at(2)))) {
      i += 1
      tokens.push({ type: 'hash', value: consumeName(), start, end: i })
    } else if ('()[]{}'.includes(c)) {
      tokens.push(simple(c as TokenType, start))
    } else if (c === ',') tokens.push(simple('comma', start))
    else if (c === ':') tokens.push(simple('colon', start))
    else if (c === ';') tokens.push(simple('semicolon', start))
    else if ((c === '+' || c === '.') && startsNumber(c, at(1), at(2))) {
      tokens.push(consumeNumeric(start))
    } else if (c === '-') {
      if (startsNumber(c, at(1), at(2))) tokens.push(consumeNumeric(start))
      else if (at(1) === '-' && at(2) === '>') tokens.push(simple('cdc', start, 3))
      else if (startsIdent(c, at(1), at(2))) tokens.push(consumeIdentLike(start))
      else tokens.push(simple('delim', start))
    } else if (c === '<' && css.startsWith('!--', i + 1)) {
      tokens.push(simple('cdo', start, 4))
    } else if (c === '@' && startsIdent(at(1), at(2), at(3))) {
      i += 1
      tokens.push({ type: 'at-keyword', value: consumeName(), start, end: i })
    } else if (c === '\\' && validEscape(c, at(1))) {
      tokens.push(consumeIdentLike(start))
    } else if (isDigit(c)) {
      tokens.push(consumeNumeric(start))
    } else if (isNameStart(c)) {
      tokens.push(consumeIdentLike(start))
    } else {
      tokens.push(simple('delim', start))
    }
  }
  return tokens
}

/**
 * One rule or declaration as the browser's parser groups it: `prelude` is a declaration, a
 * statement at-rule, or the selector or at-rule prelude before `block`.
 */
type Item = { prelude: Token[]; block: Item[] | null; atRule: string | null }

const CLOSER: Partial<Record<TokenType, TokenType>> = {
  '(': ')',
  function: ')',
  '[': ']',
  '{': '}',
}

/**
 * Groups tokens into items until the closing `}` of the current block (or the end). At the top
 * level a stray `}` is no end: the browser takes it into the next rule's prelude.
 */
function parseItems(tokens: Token[], cursor: { i: number }, nested: boolean): Item[] {
  const items: Item[] = []
  let prelude: Token[] = []
  const finish = (block: Item[] | null) => {
    const first = prelude.find((t) => t.type !== 'whitespace' && t.type !== 'comment')
    if (first || block) {
      const atRule = first?.type === 'at-keyword' ? first.value.toLowerCase() : null
      items.push({ prelude, block, atRule })
    }
    prelude = []
  }
  // A component value: a token, or a parenthesised or bracketed block with everything in it.
  const consumeComponent = (into: Token[]) => {
    const open = tokens[cursor.i++]!
    into.push(open)
    const closer = CLOSER[open.type]
    if (!closer) return
    while (cursor.i < tokens.length) {
      if (tokens[cursor.i]!.type === closer) {
        into.push(tokens[cursor.i++]!)
        return
      }
      consumeComponent(into)
    }
  }
  while (cursor.i < tokens.length) {
    const token = tokens[cursor.i]!
    if (token.type === '}' && nested) {
      cursor.i += 1
      break
    }
    if (token.type === 'semicolon') {
      prelude.push(token)
      cursor.i += 1
      finish(null)
    } else if (token.type === '{') {
      cursor.i += 1
      finish(parseItems(tokens, cursor, true))
    } else {
      consumeComponent(prelude)
    }
  }
  finish(null)
  return items
}

/** Functions whose bare string arguments the browser fetches as images. */
const isImageFunction = (name: string) => name === 'image' || name.endsWith('image-set')
/** Functions whose single string argument is a URL (`url("…")`, CSS Values 4 `src("…")`). */
const isUrlFunction = (name: string) => name === 'url' || name === 'src'
/** Functions that would put text from elsewhere where a URL is read. */
const isSubstitution = (name: string) => name === 'var' || name === 'env' || name === 'attr'

const meaningfulTokens = (tokens: Token[]) =>
  tokens.filter((t) => t.type !== 'whitespace' && t.type !== 'comment')

/** `name: value`, the only shape of declaration there is. */
function isDeclaration(prelude: Token[]): boolean {
  const [name, colon] = meaningfulTokens(prelude)
  return name?.type === 'ident' && colon?.type === 'colon'
}

/** Properties and functions that ran code in old browsers: never needed in mail. */
const SCRIPT_PROPERTIES = new Set(['behavior', '-ms-behavior', '-moz-binding'])
const SCRIPT_FUNCTIONS = new Set(['expression'])

/**
 * Whether every token of a prelude may stay: each URL accepted by `check`, nothing that runs
 * code, and nothing that could end the <style> element when the markup is parsed again.
 */
function tokensAreSafe(prelude: Token[], check: UrlCheck, isDeclaration: boolean): boolean {
  let safe = true
  const refuse = () => {
    safe = false
  }
  const meaningful = meaningfulTokens(prelude)
  if (
    isDeclaration &&
    meaningful[0]?.type === 'ident' &&
    meaningful[1]?.type === 'colon' &&
    SCRIPT_PROPERTIES.has(meaningful[0].value.toLowerCase())
  ) {
    refuse()
  }
  // The open blocks, innermost last, matched as the parser matches them (a ")" inside "[…]"
  // closes nothing), to know in which function a string stands.
  const open: { name: string; closer: TokenType }[] = []
  const inUrlContext = () => open.some((b) => isUrlFunction(b.name) || isImageFunction(b.name))
  for (const [index, token] of prelude.entries()) {
    // Every URL is checked, even after a refusal, so all the blocked images are counted.
    switch (token.type) {
      case 'bad-string':
      case 'bad-url':
        refuse()
        break
      case 'url':
        if (!check(token.value)) refuse()
        break
      case 'function': {
        const name = token.value.toLowerCase()
        if (SCRIPT_FUNCTIONS.has(name) || name.includes('<')) refuse()
        if (isSubstitution(name) && inUrlContext()) refuse()
        if (isUrlFunction(name)) {
          const argument = meaningfulTokens(prelude.slice(index + 1))[0]
          // The string argument itself is checked below, as a string inside url().
          if (argument?.type !== 'string') refuse()
        }
        open.push({ name, closer: ')' })
        break
      }
      case '(':
      case '[':
      case '{':
        open.push({ name: '', closer: CLOSER[token.type]! })
        break
      case ')':
      case ']':
      case '}':
        if (open.at(-1)?.closer === token.type) open.pop()
        break
      case 'string':
        // Inside an image function any string may be read as a URL, but for a MIME type.
        if (inUrlContext() && open.at(-1)?.name !== 'type' && !check(token.value)) refuse()
        break
      case 'delim':
        // "</style" would close the element early; nothing in valid CSS writes "</".
        if (token.value === '<' && prelude[index + 1]?.value.startsWith('/')) refuse()
        break
      case 'ident':
      case 'at-keyword':
      case 'hash':
      case 'number':
        // An escaped "\<" in a name cannot be written back safely, and no mail needs one.
        if (token.value.includes('<')) refuse()
        break
      default:
        break
    }
  }
  return safe
}

/** A string written back with the characters that could end a <style> element escaped. */
const serializeString = (value: string) =>
  `"${value.replace(/["\\\n<]/g, (c) => `\\${c.charCodeAt(0).toString(16).toUpperCase()} `)}"`

/** Writes tokens back as CSS that tokenizes the same way (comments become spaces). */
function serialize(tokens: Token[], css: string, scope: boolean): string {
  let out = ''
  for (const [index, token] of tokens.entries()) {
    if (token.type === 'comment') out += ' '
    else if (token.type === 'string') out += serializeString(token.value)
    else if (token.type === 'url') out += `url(${serializeString(token.value)})`
    else if (scope && token.type === 'ident' && isRootSelector(tokens, index)) {
      // The mail's html, body and :root are our wrappers: its styles then apply to them.
      const name = token.value.toLowerCase()
      if (name === 'root') out = out.slice(0, -1)
      out += name === 'body' ? '.inkwell-body' : '.inkwell-html'
    } else out += css.slice(token.start, token.end)
  }
  return out
}

/** Whether the ident at `index` of a selector is the type selector html or body, or :root. */
function isRootSelector(tokens: Token[], index: number): boolean {
  const name = tokens[index]!.value.toLowerCase()
  const previous = tokens[index - 1]
  if (name === 'root') return previous?.type === 'colon' && tokens[index - 2]?.type !== 'colon'
  if (name !== 'html' && name !== 'body') return false
  // Not a class (.body), a pseudo-class, or the name after a namespace bar.
  if (previous?.type === 'colon') return false
  if (previous?.type === 'delim' && (previous.value === '.' || previous.value === '|')) return false
  // Not an attribute name or value.
  let depth = 0
  for (const token of tokens.slice(0, index)) {
    if (token.type === '[') depth += 1
    else if (token.type === ']') depth -= 1
  }
  return depth === 0
}

function serializeItems(items: Item[], css: string, check: UrlCheck): string {
  let out = ''
  for (const item of items) {
    // A stylesheet from elsewhere: never, whatever the image setting.
    if (item.atRule === 'import') continue
    if (!tokensAreSafe(item.prelude, check, item.block === null)) continue
    // Leftovers that are no declaration (`fetch(…))` after a bad url token): the browser drops
    // them too, and markup is clearer without them.
    if (item.block === null && item.atRule === null && !isDeclaration(item.prelude)) continue
    if (item.block === null) {
      out += serialize(item.prelude, css, false)
      continue
    }
    out += `${serialize(item.prelude, css, item.atRule === null)}{${serializeItems(item.block, css, check)}}`
  }
  return out
}

/** A <style> element's text, with every refused declaration and rule removed. */
export function sanitizeStylesheet(css: string, check: UrlCheck): string {
  const text = preprocess(css)
  return serializeItems(parseItems(tokenize(text), { i: 0 }, false), text, check).trim()
}

/** A style attribute's declarations, with every refused one removed; nested rules go too. */
export function sanitizeDeclarations(css: string, check: UrlCheck): string {
  const text = preprocess(css)
  const items = parseItems(tokenize(text), { i: 0 }, false)
  // A style attribute holds declarations only; a `{` there is no rule the browser would apply.
  return serializeItems(
    items.filter((item) => item.block === null && item.atRule === null),
    text,
    check,
  ).trim()
}
