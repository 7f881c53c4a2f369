import { proxy } from 'valtio';

// Shell-wide state that pages not yet built will feed: unread and game message counts, and the
// instructor mode toggled by three logo clicks (spec 1 section 4).
export const tripleClickWindowMs = 1000;

export const shell = proxy({ unreadCount: 0, gameMessageCount: 0, instructorMode: false, logoClicks: [] as number[] });

/** Keeps the clicks inside the window; three of them toggle instructor mode. */
export function registerLogoClick(now: number): void {
  const recent = [...shell.logoClicks.filter((time) => now - time < tripleClickWindowMs), now];
  if (recent.length >= 3) {
    shell.instructorMode = !shell.instructorMode;
    shell.logoClicks = [];
  } else {
    shell.logoClicks = recent;
  }
}
