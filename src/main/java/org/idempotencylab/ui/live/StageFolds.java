package org.idempotencylab.ui.live;

import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;
import java.util.function.DoubleSupplier;
import javafx.scene.layout.Region;

/**
 * The rows around the stage a class does not read fold away, one at a time, while the stage claims the room for
 * 16 px text ({@link LiveFit#stageClaims}: presentation mode, one lane) and has less height than that needs
 * ({@link LiveFit#playAreaSpare} below 0: a 1024 × 768 or 1280 × 720 projector): the second lane's "Beside it" row,
 * the status bar (the stage shows what happens), then the timeline while the clock stands in the toolbar (← and →
 * still step, from the keyboard), so the code strip's lit line keeps its room where it can. A row comes back, the
 * last folded first, once the stage would keep its need with it, and every row when the claim ends (normal mode,
 * two lanes). The story line's rows and the code strip below give way on their own ({@link LiveStoryController#fit},
 * {@link LiveFit#details}). FX thread only.
 */
final class StageFolds {
    private final List<Region> rows = new ArrayList<>();
    /** Per row, when it may fold (the timeline only while the clock is in the toolbar). */
    private final List<BooleanSupplier> may = new ArrayList<>();
    /** The rows folded, in the order they folded, and the height each had when it went, px. */
    private final List<Region> folded = new ArrayList<>();
    private final List<Double> freed = new ArrayList<>();
    private final BooleanSupplier claims;
    private final DoubleSupplier spare;

    /**
     * @param claims true while the stage claims the room for 16 px text
     * @param spare  the height the play area could still grow by, px ({@link LiveFit#playAreaSpare}); below 0
     *               while the stage has less than it needs
     */
    StageFolds(BooleanSupplier claims, DoubleSupplier spare) {
        this.claims = claims;
        this.spare = spare;
    }

    /** Adds {@code row} as the next row to fold, while {@code when} says it may; @return this. */
    StageFolds fold(Region row, BooleanSupplier when) {
        rows.add(row);
        may.add(when);
        return this;
    }

    /**
     * Folds the next row, or brings the last folded back, by the rule of the class comment; call after each layout
     * pass.
     *
     * @return true if a row went or came (the scene needs another pass)
     */
    boolean fit() {
        for (int i = folded.size() - 1; i >= 0; i--) { // the claim ended, or a row may fold no longer: it comes back
            if (!claims.getAsBoolean() || !may.get(rows.indexOf(folded.get(i))).getAsBoolean()) {
                freed.remove(i);
                show(folded.remove(i), true);
                return true;
            }
        }
        double room = spare.getAsDouble();
        if (room < -0.5) {
            for (Region r : rows) {
                if (mayFold(r)) {
                    freed.add(r.getHeight());
                    folded.add(r);
                    show(r, false);
                    return true;
                }
            }
        } else if (!folded.isEmpty() && room >= freed.get(freed.size() - 1) + 0.5) {
            freed.remove(freed.size() - 1);
            show(folded.remove(folded.size() - 1), true);
            return true;
        }
        return false;
    }

    /** @return the height the rows not yet folded could give the stage by folding, px (0 without the claim) */
    double foldable() {
        double sum = 0;
        for (Region r : rows) {
            if (mayFold(r)) {
                sum += r.getHeight();
            }
        }
        return sum;
    }

    private boolean mayFold(Region r) {
        return claims.getAsBoolean() && !folded.contains(r) && r.isVisible()
                && may.get(rows.indexOf(r)).getAsBoolean();
    }

    private static void show(Region row, boolean shown) {
        row.setManaged(shown);
        row.setVisible(shown);
    }
}
