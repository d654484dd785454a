package org.idempotencylab.ui.kit;

import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.SimpleBooleanProperty;

/**
 * The scene the lab opens with, before any reading or clicking (PhET's finding: the start-up screen already shows
 * the phenomenon): three sign-ups play by themselves in the live view, user_0's (the first) welcome-email reply is lost, the
 * retry sends a second email (the red envelope). Then "Now fix it" plays the same sign-ups, the same lost reply,
 * with the same idempotency key on every try (the grey envelope: the provider sent nothing new), and "On to the
 * lab" opens the first article's comparison. Both scenes are built-in presets ({@value #BUG}, {@value #FIX}, first
 * in the Presets menu), with a seed chosen so the first sign-up's reply is lost 1.4 s in and the retry's email goes out at 1.5 s (a duplicate on screen soon after the lab opens), and expectations that
 * {@code check} proves (one user with two emails; none). A teacher turns the scene off, and it stays off
 * ({@link LabPrefs#openingScene()}).
 */
public final class OpeningScene {
    /** The bug: each-step retry, no key. */
    public static final String BUG = "opening-no-key.json";
    /** The fix: each-step retry, the same provider key on every try. */
    public static final String FIX = "opening-same-key.json";
    /** Where the scene hands over: the first article's table. */
    public static final String LAB = "article.json";

    /** Where the scene is. */
    public enum Stage {
        /** Not playing (turned off, skipped or over). */
        OFF,
        /** The bug plays. */
        BUG,
        /** The fix plays. */
        FIX
    }

    private final ScenarioKit kit;
    private final ReadOnlyObjectWrapper<Stage> stage = new ReadOnlyObjectWrapper<>(Stage.OFF);
    private final BooleanProperty atStart;
    /** True while the scene loads its own preset (any other load ends the scene). */
    private boolean loading;

    /** @param kit opens the scene's presets; its preferences remember whether the lab opens with the scene */
    public OpeningScene(ScenarioKit kit) {
        this.kit = kit;
        atStart = new SimpleBooleanProperty(kit.prefs().openingScene());
        atStart.addListener((o, was, on) -> kit.prefs().setOpeningScene(on));
        kit.loadedProperty().addListener((o, was, f) -> {
            if (!loading) {
                stage.set(Stage.OFF); // the teacher opened something else: the scene's buttons go
            }
        });
        kit.noteProperty().addListener((o, was, n) -> {
            if (n != null) {
                stage.set(Stage.OFF); // a run of the window's own (a counterexample) took the live view
            }
        });
    }

    /** Plays the bug, if the preset is there (an installation without it opens as before). */
    public void start() {
        play(BUG, Stage.BUG);
    }

    /** "Now fix it": the same scene with the same key. */
    public void fix() {
        play(FIX, Stage.FIX);
    }

    /** "On to the lab": the first article's comparison, and the scene's controls go. */
    public void end() {
        stage.set(Stage.OFF);
        kit.applyPreset(LAB);
    }

    private void play(String preset, Stage next) {
        loading = true;
        try {
            if (!kit.applyPreset(preset)) {
                return;
            }
        } finally {
            loading = false;
        }
        stage.set(next);
        kit.playLoaded();
    }

    /** @return whether the lab opens with this scene; remembered when changed */
    public BooleanProperty atStartProperty() {
        return atStart;
    }

    /** @return where the scene is; {@link Stage#OFF} once another scenario was opened as well */
    public ReadOnlyObjectProperty<Stage> stageProperty() {
        return stage.getReadOnlyProperty();
    }
}
