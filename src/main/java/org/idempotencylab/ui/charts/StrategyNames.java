package org.idempotencylab.ui.charts;

import org.idempotencylab.scenario.StoreKind;
import org.idempotencylab.scenario.Strategy;
import java.util.List;
import java.util.Map;
import org.idempotencylab.ui.Texts;

/**
 * Short names for strategies, for a table column or chart axis too narrow for the article's row names (a
 * projector at 1280 px with a teaching note open). The full name stays the data and goes into tooltips.
 */
public final class StrategyNames {
    private static final Texts TEXTS = Texts.of(StrategyNames.class);

    /**
     * The strategies' own colours, one per strategy of the article in its order (other strategies take the ones
     * left over): Paul Tol's "muted" scheme, colour-blind safe, and apart from the concept colours
     * ({@link org.idempotencylab.ui.Concept}, Okabe–Ito), so a strategy's line or lane never looks like a
     * duplicate or a lease.
     */
    public static final List<String> COLOURS = List.of("#332288", "#117733", "#44AA99", "#882255", "#999933");

    private StrategyNames() {
    }

    /**
     * @return e.g. "each step, no key", "whole job, skip finished"; for a strategy that is not one of the
     *         article's five, its retry scope, key and store in that form ("whole job, same key, claim table"),
     *         then its own settings ("whole job, skip finished · heartbeat 5,000 ms")
     */
    public static String shortName(Strategy s) {
        if (!s.settings().isEmpty()) { // the settings tell a field case's fix from its bug: they stay
            return shortName(s.withSettings(Map.of())) + s.settingsText();
        }
        if (s.equals(Strategy.WHOLE_JOB_SKIP_FINISHED)) {
            return TEXTS.get("short.scope.WHOLE_JOB_SKIP_FINISHED");
        }
        String name = TEXTS.format("short.join", TEXTS.get("short.scope." + s.scope().name()),
                TEXTS.get("short.key." + s.keyMode().name()));
        boolean articleStore = s.store() == StoreKind.NONE || s.store() == StoreKind.MEMORY && Strategy.ARTICLE.contains(s);
        return articleStore ? name : TEXTS.format("short.join", name, s.store().inStrategyName());
    }

    /**
     * @return the name for a cell too narrow even for {@link #shortName}: a strategy's own settings first, then its
     *         short name ("heartbeat 5,000 ms · whole job, skip finished, ..."), so a field case's fix still reads
     *         apart from its bug when the end of the name is cut off; the short name for one without settings
     */
    public static String settingsFirst(Strategy s) {
        if (s.settings().isEmpty()) {
            return shortName(s);
        }
        return s.settingsText().substring(" · ".length()) + " · " + shortName(s.withSettings(Map.of()));
    }

    /**
     * @param name    a strategy's name or short name
     * @param maxLine lines longer than this many characters are broken
     * @return {@code name} broken after the comma nearest its middle when it is longer than {@code maxLine}
     *         characters (a chart axis label on two lines takes half the width); unchanged otherwise
     */
    public static String twoLines(String name, int maxLine) {
        if (name.length() <= maxLine) {
            return name;
        }
        int best = -1;
        for (int i = name.indexOf(", "); i >= 0; i = name.indexOf(", ", i + 1)) {
            if (best < 0 || Math.abs(i - name.length() / 2) < Math.abs(best - name.length() / 2)) {
                best = i;
            }
        }
        return best < 0 ? name : name.substring(0, best + 1) + "\n" + name.substring(best + 2);
    }
}
