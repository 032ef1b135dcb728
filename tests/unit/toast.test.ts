import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { subscribeToasts, type Toast, toast, TOAST_TIMINGS } from "../../app/ui/toast";

describe("toasts", () => {
  let seen: Toast[] = [];
  let unsubscribe: () => void;
  beforeEach(() => {
    vi.useFakeTimers();
    unsubscribe = subscribeToasts((toasts) => (seen = toasts));
  });
  afterEach(() => {
    vi.runAllTimers();
    unsubscribe();
    vi.useRealTimers();
  });

  it("appear after 100 ms, stay 3 s, and leave over 300 ms", () => {
    expect(TOAST_TIMINGS).toEqual({ appearDelay: 100, duration: 3000, exit: 300 });
    const id = toast.success("Đã lưu");
    expect(seen.find((item) => item.id === id)).toMatchObject({ kind: "success", message: "Đã lưu", phase: "entering" });
    vi.advanceTimersByTime(100);
    expect(seen.find((item) => item.id === id)?.phase).toBe("shown");
    vi.advanceTimersByTime(2999);
    expect(seen.find((item) => item.id === id)?.phase).toBe("shown");
    vi.advanceTimersByTime(1);
    expect(seen.find((item) => item.id === id)?.phase).toBe("leaving");
    vi.advanceTimersByTime(299);
    expect(seen.some((item) => item.id === id)).toBe(true);
    vi.advanceTimersByTime(1);
    expect(seen.some((item) => item.id === id)).toBe(false);
  });

  it("take a custom duration and stack in order", () => {
    const first = toast.error("Lỗi A", 5000);
    const second = toast.warning("Cảnh báo B");
    expect(seen.map((item) => item.id)).toEqual([first, second]);
    vi.advanceTimersByTime(100 + 3000 + 300);
    expect(seen.map((item) => item.id)).toEqual([first]);
    vi.advanceTimersByTime(2000);
    expect(seen).toEqual([]);
  });
});
