package org.idempotencylab.ui.charts;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import org.idempotencylab.scenario.KeyMode;
import org.idempotencylab.scenario.Parameter;
import org.idempotencylab.scenario.RetryScope;
import org.idempotencylab.scenario.StoreKind;
import org.idempotencylab.scenario.Strategy;
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

    @Test
    void aFieldCasesFixKeepsItsSettingInTheShortName() {
        // the bug and its fix are one strategy with and without a heartbeat: without the setting both rows of the
        // Compare table and both bars of the chart would read "whole job, skip finished, claim table"
        Strategy bug = Strategy.of(RetryScope.WHOLE_JOB_SKIP_FINISHED, KeyMode.SAME, StoreKind.CLAIM_TABLE);
        Strategy fix = bug.withSettings(Map.of(Parameter.HEARTBEAT_MS, 5_000L));
        assertEquals(StrategyNames.shortName(bug) + " · heartbeat 5,000 ms", StrategyNames.shortName(fix));
        assertEquals("whole job, skip finished", StrategyNames.shortName(Strategy.WHOLE_JOB_SKIP_FINISHED));
        // a narrow table cell cuts the end: the setting comes first there
        assertEquals("heartbeat 5,000 ms · " + StrategyNames.shortName(bug), StrategyNames.settingsFirst(fix));
        assertEquals(StrategyNames.shortName(bug), StrategyNames.settingsFirst(bug));
    }
}
