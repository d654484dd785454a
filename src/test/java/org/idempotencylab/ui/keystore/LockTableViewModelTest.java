package org.idempotencylab.ui.keystore;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.idempotencylab.store.LockOnlyStore;
import org.junit.jupiter.api.Test;

/** The lock-only store's view-model: SETNX locks with a TTL, polled at each refresh. No FX toolkit. */
class LockTableViewModelTest {
    private final LockOnlyStore locks = new LockOnlyStore();
    private final LockTableViewModel vm = new LockTableViewModel();

    private List<String> keys() {
        return vm.rows().stream().map(LockTableRow::key).toList();
    }

    @Test
    void locksCountDownStayListedOnceExpiredAndAreTakenAgainInPlace() {
        vm.attach(locks);
        assertTrue(vm.inUseProperty().get());
        // w1 locks the charge at 0 for 1,000 ms (gone at 1,000); w2 locks the email at 200 (gone at 1,200).
        assertTrue(locks.acquire("charge:order_1", "w1", 0, 1_000));
        assertTrue(locks.acquire("email:user_2", "w2", 200, 1_000));
        vm.refresh(300);
        assertEquals(List.of("charge:order_1", "email:user_2"), keys(), "soonest to expire first");
        LockTableRow charge = vm.rows().get(0);
        LockTableRow email = vm.rows().get(1);
        assertEquals("w1", charge.owner());
        assertEquals(1_000, charge.expiresAtMs());
        assertEquals("0.7 s", charge.countdownText(300), "1,000 - 300 = 700 ms");
        assertEquals("0.9 s", email.countdownText(300), "1,200 - 300 = 900 ms");
        // The view first saw the locks at 300, 100 ms after the email's was taken: the longest it can tell is
        // 1,200 - 300 = 900 ms, so the bars are drawn against 900 until a lock is seen sooner.
        assertEquals(900, vm.spanMs());
        assertEquals(2, vm.heldProperty().get());
        assertEquals(0, vm.expiredProperty().get());
        assertEquals("Locks 2 · Held 2 · Expired, still stored 0", vm.countersProperty().get());
        ListMirror<LockTableRow> mirror = new ListMirror<>(vm.rows());

        // w1 finishes and releases: nothing is remembered, the row goes. w2 crashes: its lock stays stored.
        assertTrue(locks.release("charge:order_1", "w1"));
        vm.refresh(1_200);
        assertEquals(List.of("email:user_2"), keys());
        assertSame(email, vm.rows().get(0));
        assertEquals("expired just now", email.countdownText(1_200), "gone at 200 + 1,000");
        assertTrue(email.expired(1_200));
        assertEquals(0, vm.heldProperty().get());
        assertEquals(1, vm.expiredProperty().get());
        vm.refresh(1_500);
        assertEquals("expired 0.3 s ago", email.countdownText(1_500), "1,500 - 1,200 = 300 ms");
        assertEquals("Locks 1 · Held 0 · Expired, still stored 1", vm.countersProperty().get());

        // w3 takes the expired key: same row, new owner, new expiry; seen at once, so the TTL shows exactly.
        assertTrue(locks.acquire("email:user_2", "w3", 1_500, 1_000));
        vm.refresh(1_500);
        assertSame(email, vm.rows().get(0));
        assertEquals("w3", email.owner());
        assertEquals(2_500, email.expiresAtMs());
        assertEquals("1.0 s", email.countdownText(1_500));
        assertEquals(1_000, vm.spanMs(), "max(900, 2,500 - 1,500)");
        assertEquals(1.0, email.remainingFraction(1_500), 1e-12);
        assertEquals(1, vm.heldProperty().get());
        assertEquals(1, mirror.events, "only the released charge's removal changed the list");
        assertEquals(vm.rows(), mirror.copy);
    }

    @Test
    void moreLocksThanTheLimitShowTheSoonestAndSaySo() {
        LockTableViewModel two = new LockTableViewModel(2);
        two.attach(locks);
        for (int i = 0; i < 4; i++) {
            locks.acquire("k" + i, "w", i, 1_000); // k0..k3 expire at 1,000..1,003
        }
        two.refresh(10);
        assertEquals(List.of("k0", "k1"), two.rows().stream().map(LockTableRow::key).toList());
        assertEquals(4, two.totalRowsProperty().get());
        assertEquals("Showing 2 of 4 locks (the soonest to expire first).", two.statusProperty().get());
        assertEquals("Locks 4 · Held 4 · Expired, still stored 0", two.countersProperty().get(),
                "counted over every lock stored, not the 2 shown");

        two.attach(null);
        assertFalse(two.inUseProperty().get());
        assertTrue(two.rows().isEmpty());
    }
}
