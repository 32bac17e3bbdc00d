/**
 * `npm run bench:ai` (also part of `npm run bench`): how soon a streamed AI draft shows its
 * first words, and whether the server's memory grows over many streamed generations. Against
 * the fake OpenAI-compatible provider: 600 ms to the first token, then 30 tokens a second.
 * Not a pass/fail test.
 */
import { performance } from 'node:perf_hooks'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { startGoogleStandIn } from '../src/server/standins/google.js'
import { startFakeOpenAi } from '../src/server/test/fake-openai.js'
import { freePort } from '../src/server/test/free-port.js'
import { signIn } from '../src/server/test/google-sign-in.js'
import {
  BENCH_APP_URL,
  BENCH_REDIRECT_URI,
  ms,
  percentile,
  runBench,
  startBenchApp,
} from './support.js'
import { startBenchDatabase } from './database.js'

const FIRST_TOKEN_MS = 600
const TOKENS_PER_SECOND = 30
const GENERATIONS = Number(process.env.BENCH_AI_GENERATIONS ?? 200)
const CONCURRENCY = 20
/**
 * One user per draft of a batch: a user may have only 3 drafts being written at once
 * (decision 043), and this measures the server under 20 people writing, not one script.
 */
const USERS = Array.from({ length: CONCURRENCY }, (_, i) => ({
  email: `bench${i}@inkwell.demo`,
  name: `Bench User ${i}`,
}))

setFlagsFromString('--expose-gc')
const collectGarbage = runInNewContext('gc') as () => void

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`

function heapAfterGc(): number {
  collectGarbage()
  collectGarbage()
  return process.memoryUsage().heapUsed
}

async function main() {
  const { database, stop: stopDatabase } = await startBenchDatabase('bench-ai')

  const standIn = await startGoogleStandIn({
    port: await freePort(),
    redirectUris: [BENCH_REDIRECT_URI],
    users: USERS,
    withMailbox: false,
  })
  const reply = Array.from({ length: 60 }, (_, i) => `word${i}`).join(' ')
  const fake = await startFakeOpenAi({
    firstTokenDelayMs: FIRST_TOKEN_MS,
    tokensPerSecond: TOKENS_PER_SECOND,
    reply: () => reply,
  })
  const { app } = await startBenchApp({
    database,
    standInUrl: standIn.url,
    env: {
      AI_PROVIDER: 'openai-compatible',
      AI_BASE_URL: fake.url,
      AI_MODEL: 'fake-model',
      FREE_AI_EMAILS_PER_MONTH: '1000000',
    },
  })
  const sessions: string[] = []
  for (const user of USERS) sessions.push((await signIn({ app }, user.email)).session!)
  const port = await freePort()
  await app.listen({ host: '127.0.0.1', port })
  const url = `http://127.0.0.1:${port}/api/ai/generate-email`

  /** One streamed generation over HTTP: time to the first `delta` and to the end. */
  async function generation(session = sessions[0]!) {
    const started = performance.now()
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        origin: BENCH_APP_URL,
        accept: 'text/event-stream',
        'content-type': 'application/json',
        cookie: `inkwell_session=${session}`,
      },
      body: JSON.stringify({ contactName: 'Grace', userInput: 'Ask for the Q3 report' }),
    })
    if (response.status !== 200) throw new Error(`generate answered ${response.status}`)
    const reader = response.body!.getReader()
    const decoder = new TextDecoder()
    let text = ''
    let firstWords = 0
    for (;;) {
      const { value, done } = await reader.read()
      if (done) break
      text += decoder.decode(value, { stream: true })
      if (!firstWords && text.includes('"type":"delta"')) firstWords = performance.now() - started
    }
    if (!text.includes('"type":"done"')) throw new Error('the stream ended without done')
    return { firstWords, total: performance.now() - started }
  }

  console.log(
    `\nStreamed AI drafts through the app (fake provider: ${FIRST_TOKEN_MS} ms to the first token, ${TOKENS_PER_SECOND} tokens/s)`,
  )
  const alone: number[] = []
  for (let i = 0; i < 10; i++) alone.push((await generation()).firstWords)
  alone.sort((a, b) => a - b)
  console.log(
    `  click → first words, one at a time: p50 ${ms(percentile(alone, 50))}, max ${ms(alone.at(-1) ?? 0)}  (provider's own first token: ${FIRST_TOKEN_MS} ms)`,
  )

  const baseline = heapAfterGc()
  const firstWords: number[] = []
  let done = 0
  const marks: string[] = []
  while (done < GENERATIONS) {
    const batch = Math.min(CONCURRENCY, GENERATIONS - done)
    const results = await Promise.all(
      Array.from({ length: batch }, (_, i) => generation(sessions[i]!)),
    )
    firstWords.push(...results.map((r) => r.firstWords))
    done += batch
    if (Math.floor(done / 50) > Math.floor((done - batch) / 50) || done === GENERATIONS) {
      marks.push(`${done}: ${mb(heapAfterGc())}`)
    }
  }
  firstWords.sort((a, b) => a - b)
  console.log(
    `  ${GENERATIONS} generations, ${CONCURRENCY} at a time: first words p50 ${ms(percentile(firstWords, 50))}, p99 ${ms(percentile(firstWords, 99))}`,
  )
  const after = heapAfterGc()
  console.log(
    `  server heap after GC: before ${mb(baseline)}, after ${GENERATIONS} generations ${mb(after)} (${after >= baseline ? '+' : ''}${mb(after - baseline)})`,
  )
  console.log(`  heap along the way: ${marks.join(', ')}`)

  await app.close()
  await fake.close()
  await standIn.close()
  await database.close()
  await stopDatabase()
}

runBench(main)
