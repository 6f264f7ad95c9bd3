import { lisbonDay } from '../../../../core/days.js';
import type { Db, Row } from '../../../db/database.js';
import { readSettings } from '../../../settings/read.js';
import { lastNoticeDay, legalNoticeDays } from '../rules.js';
import { dayNumeric } from './notice.js';

/** When the notice must go out at the latest, and whether today is past it. */
export interface NoticeSchedule {
  today: string;
  /** The statutes' figure, never below the law's for the organisation's type. */
  noticeDays: number;
  lastNoticeDay: string;
  late: boolean;
}

export async function noticeSchedule(db: Db, assembly: Row, now: number): Promise<NoticeSchedule> {
  const settings = await readSettings(db, ['orgType', 'assemblyNoticeDays']);
  const noticeDays = Math.max(settings.assemblyNoticeDays, legalNoticeDays(settings.orgType === 'cooperative' ? 'cooperative' : 'association'));
  const last = lastNoticeDay(String(assembly.date), noticeDays);
  const today = lisbonDay(now);
  return { today, noticeDays, lastNoticeDay: last, late: today > last };
}

/** The refusal of a late convocation, in the words staff see. */
export const lateMessage = (schedule: NoticeSchedule): string =>
  `A convocatória tinha de ser enviada até ${dayNumeric(schedule.lastNoticeDay)} (${schedule.noticeDays} dias antes da assembleia).`;
