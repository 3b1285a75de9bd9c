/**
 * Bounds that keep one tenant's model from stalling the server (shared with the designer's lint, which holds a
 * diagram to the same timer rules the server applies on save, deploy and when a timer is armed): how big and deep a BPMN file may be, how long an
 * expression may be, and which timer values may be armed. The same checks run when a model is saved or deployed
 * (on the literal values) and when a timer is armed (on the value its `${…}` resolved to), so a deployed model
 * and a start form's variables are held to one rule.
 */

export const FLOW_LIMITS = {
  /** A BPMN file's size in bytes, checked before it is parsed. */
  xmlBytes: 1024 * 1024,
  /** How deeply its elements may nest, checked before it is parsed. */
  xmlDepth: 64,
  /** A text that may hold `${…}` (a condition, an assignee, a timer, a due date). */
  templateChars: 4096,
  /** A timer cycle repeats at most this often … */
  cycleMaxRepeat: 100,
  /** … and no more often than every this many seconds. */
  cycleMinSeconds: 60,
  /** A duration or a due date lies at most this many years ahead. */
  maxYears: 50,
} as const;

export const FlowLimitMessage = {
  xmlTooLarge: `流程文件不能超过 ${FLOW_LIMITS.xmlBytes / 1024 / 1024}MB`,
  xmlTooDeep: `流程文件的元素嵌套不能超过 ${FLOW_LIMITS.xmlDepth} 层`,
  templateTooLong: `表达式过长（最多 ${FLOW_LIMITS.templateChars} 个字符）`,
  cycleRepeat: `循环定时器须写明重复次数（1–${FLOW_LIMITS.cycleMaxRepeat} 次，如 R3/PT1H）`,
  cyclePeriod: `循环定时器的间隔不能短于 ${FLOW_LIMITS.cycleMinSeconds} 秒`,
  timerTooFar: `定时器不能超过 ${FLOW_LIMITS.maxYears} 年`,
  timerValue: '定时器的值不合法',
  loopWithoutTask: '流程中的循环须经过用户任务，否则流程会空转',
  loopUnsupported: '不支持多实例或循环任务',
  attachedTo: '边界定时器只能附在任务上',
  gatewayDefault: '网关的出口都带条件时须设置默认路径',
  engineFailed: '流程运行出错，请联系管理员检查流程模型',
} as const;

/** ISO-8601 duration with whole units (seconds may have a fraction), e.g. `P3Y`, `PT1H30M`, `P1DT12H`. */
const DURATION =
  /^P(?!$)(?:(\d{1,6})Y)?(?:(\d{1,6})M)?(?:(\d{1,6})W)?(?:(\d{1,6})D)?(?:T(?=\d)(?:(\d{1,6})H)?(?:(\d{1,6})M)?(?:(\d{1,6}(?:\.\d{1,3})?)S)?)?$/;
/** An ISO-8601 date or date-time, with an optional zone: what the engine's date parser reads. */
const DATE = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}(?::?\d{2})?)?)?$/;
/** A cycle: `R<n>/<duration>` or `R<n>/<start date>/<duration>`. */
const CYCLE = /^R(\d*)\/(?:([^/]+)\/)?([^/]+)$/;

const YEAR_S = 365 * 86_400;
const MONTH_S = 28 * 86_400;

/** A duration's length in seconds (months counted short, years as 365 days), or undefined when malformed. */
export function durationSeconds(text: string): number | undefined {
  const m = DURATION.exec(text);
  if (!m) return undefined;
  const [y, mo, w, d, h, mi, s] = m.slice(1).map((v) => (v ? Number(v) : 0)) as number[];
  return (
    (y as number) * YEAR_S +
    (mo as number) * MONTH_S +
    (w as number) * 7 * 86_400 +
    (d as number) * 86_400 +
    (h as number) * 3600 +
    (mi as number) * 60 +
    (s as number)
  );
}

/** `from` plus a duration (years and months on the calendar), or undefined when the duration is malformed. */
export function addDuration(from: Date, text: string): Date | undefined {
  const m = DURATION.exec(text);
  if (!m) return undefined;
  const [y, mo, w, d, h, mi, s] = m.slice(1).map((v) => (v ? Number(v) : 0)) as number[];
  const at = new Date(from.getTime());
  at.setUTCFullYear(at.getUTCFullYear() + (y as number), at.getUTCMonth() + (mo as number));
  return new Date(
    at.getTime() +
      (((w as number) * 7 + (d as number)) * 86_400 +
        (h as number) * 3600 +
        (mi as number) * 60 +
        (s as number)) *
        1000,
  );
}

const maxSeconds = FLOW_LIMITS.maxYears * YEAR_S;

function checkDate(text: string): string | undefined {
  if (!DATE.test(text)) return FlowLimitMessage.timerValue;
  const at = Date.parse(text.length === 10 ? `${text}T00:00:00Z` : text);
  if (Number.isNaN(at)) return FlowLimitMessage.timerValue;
  if (Math.abs(at - Date.now()) > maxSeconds * 1000) return FlowLimitMessage.timerTooFar;
  return undefined;
}

export type FlowTimerKind = 'timeDuration' | 'timeDate' | 'timeCycle';

/**
 * Why a timer value may not be armed (a Chinese reason), or undefined when it may. A duration runs at most
 * {@link FLOW_LIMITS.maxYears} years; a date is a real ISO date within that many years of now; a cycle states
 * its repetitions (at most {@link FLOW_LIMITS.cycleMaxRepeat}) and repeats no faster than every
 * {@link FLOW_LIMITS.cycleMinSeconds} seconds — `R/PT0S` would otherwise fire forever within one command.
 */
export function timerProblem(kind: FlowTimerKind, value: unknown): string | undefined {
  if (typeof value !== 'string') return FlowLimitMessage.timerValue;
  const text = value.trim();
  if (!text || text.length > 200) return FlowLimitMessage.timerValue;
  if (kind === 'timeDate') return checkDate(text);
  if (kind === 'timeDuration') {
    const seconds = durationSeconds(text);
    if (seconds === undefined) return FlowLimitMessage.timerValue;
    return seconds > maxSeconds ? FlowLimitMessage.timerTooFar : undefined;
  }
  const m = CYCLE.exec(text);
  if (!m) return FlowLimitMessage.timerValue;
  const repeat = m[1] ? Number(m[1]) : 0;
  if (!m[1] || repeat < 1 || repeat > FLOW_LIMITS.cycleMaxRepeat) return FlowLimitMessage.cycleRepeat;
  if (m[2]) {
    const start = checkDate(m[2]);
    if (start) return start;
  }
  const period = durationSeconds(m[3] as string);
  if (period === undefined) return FlowLimitMessage.timerValue;
  if (period < FLOW_LIMITS.cycleMinSeconds) return FlowLimitMessage.cyclePeriod;
  return period * repeat > maxSeconds ? FlowLimitMessage.timerTooFar : undefined;
}
