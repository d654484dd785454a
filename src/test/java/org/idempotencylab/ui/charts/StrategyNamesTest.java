package org.idempotencylab.ui.charts;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** Chart axis names on two lines, so a composed strategy's name leaves the bars their room. */
class StrategyNamesTest {
    @Test
    void aLongNameBreaksAtTheCommaNearestItsMiddle() {
        assertEquals("whole job, skip finished,\nsame key, claim table",
                StrategyNames.twoLines("whole job, skip finished, same key, claim table", 20));
        assertEquals("each step, no key", StrategyNames.twoLines("each step, no key", 20));
        assertEquals("averyveryverylongnamewithoutcommas",
                StrategyNames.twoLines("averyveryverylongnamewithoutcommas", 20));
    }
}
