/**
 * §9: before 9 o'clock 早上好, to 11 上午好, to 13 中午好, before 20 下午好, else 晚上好 (the hour 11 is still
 * forenoon and 13 still noon, as JeecgBoot's timeFix counts them).
 */
export function greeting(hour: number): string {
  if (hour < 9) return '早上好';
  if (hour <= 11) return '上午好';
  if (hour <= 13) return '中午好';
  if (hour < 20) return '下午好';
  return '晚上好';
}

/** The session user's welcome text (§3 `welcome`, §4 "name with welcome text"), set at sign-in. */
export function welcomeText(hour: number): string {
  return `${greeting(hour)}，欢迎回来`;
}
