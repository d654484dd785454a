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
 * then the status bar (the stage shows what happens). A row comes back, the last folded first, once the stage would
 * keep its need with it, and every row when the claim ends (normal mode, two lanes). The story line's rows and the
 * code strip below give way on their own ({@link LiveStoryController#fit}, {@link LiveFit#details}). FX thread only.
 */
final class StageFolds {
    private final List<Region> rows = new ArrayList<>();
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

    /** Adds {@code row} as the next row to fold; @return this. */
    StageFolds fold(Region row) {
        rows.add(row);
        return this;
    }

    /**
     * Folds the next row, or brings the last folded back, by the rule of the class comment; call after each layout
     * pass.
     *
     * @return true if a row went or came (the scene needs another pass)
     */
    boolean fit() {
        if (folded.isEmpty() && !claims.getAsBoolean()) {
            return false;
        }
        double room = claims.getAsBoolean() ? spare.getAsDouble() : Double.POSITIVE_INFINITY;
        if (room < -0.5) {
            for (Region r : rows) {
                if (!folded.contains(r) && r.isVisible()) {
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
            if (claims.getAsBoolean() && !folded.contains(r) && r.isVisible()) {
                sum += r.getHeight();
            }
        }
        return sum;
    }

    private static void show(Region row, boolean shown) {
        row.setManaged(shown);
        row.setVisible(shown);
    }
}
