package org.idempotencylab.ui.live;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javafx.geometry.Bounds;
import javafx.geometry.Insets;
import javafx.scene.AccessibleRole;
import javafx.scene.control.ContentDisplay;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.scene.text.Font;
import javafx.scene.text.Text;
import org.idempotencylab.engine.SimulationEvent;
import org.idempotencylab.scenario.Strategy;
import org.idempotencylab.scenario.Workflow;
import org.idempotencylab.ui.Concept;
import org.idempotencylab.ui.Texts;

/**
 * "The code that ran" (VisuAlgo's code panel), beside the play area: the pseudo-code of the chosen strategy
 * ({@link CodeProgram}), one label per line, and the line that decided the last moment of the followed job lit
 * ({@link CodeMap}) with a ▶ marker and a background, so it does not rest on colour alone. A strategy chosen but not
 * running yet shows its code with nothing lit until Reset runs it.
 *
 * <p>A line never wraps: a panel narrower than its longest line scrolls sideways. The lit line is scrolled into
 * view, and a panel too short for its title and two lines (under the play area in a small window) shows only its
 * lines, the title and whom the line is for moving into its tooltip: the lit line stays in sight at any height
 * down to one line. Where the code is taller than the panel, its view is a whole number of lines high and scrolls
 * by whole lines: no line is cut through its letters at an edge.
 *
 * <p>Style classes (lab.css, presentation.css): {@code code-panel}, {@code code-title}, {@code code-for},
 * {@code code-line} and {@code code-line-lit}.
 */
public final class CodePanel extends VBox {
    private static final Texts TEXTS = Texts.of(CodePanel.class);
    /** What a lit line starts with; an unlit one starts with as many spaces. */
    static final String MARKER = "▶ ";
    /** The lines that decide a concept carry its icon (Concept): the same look as on the queue and the tables. */
    static final Map<String, Concept> CONCEPTS = Map.of(
            "memory.saved", Concept.KEY_REMEMBERED, "memory.share", Concept.IN_PROGRESS,
            "claim.completed", Concept.KEY_REMEMBERED, "claim.progress", Concept.IN_PROGRESS,
            "claim.reclaimed", Concept.LEASE, "lock.held", Concept.IN_PROGRESS,
            "provider.known", Concept.SUPPRESSED, "retry.error", Concept.REPLY_LOST);
    private static final String NO_MARKER = "  ";
    /** Characters of a line the panel shows whole beside the queue: the article's strategies' lines and marker. */
    static final int READABLE_CHARACTERS = 36;

    private final Label title = new Label(TEXTS.get("code.title"));
    private final Label forWhom = new Label(TEXTS.get("code.none"));
    private final Tooltip header = new Tooltip();
    private final VBox lines = new VBox();
    private List<CodeProgram.Line> program = List.of();
    private final List<Label> labels = new ArrayList<>();
    private final ScrollPane scroll = new ScrollPane(lines);
    private int lit = -1;
    private boolean scrollToLit;
    private boolean snapping; // snapToLine moves the view: its own move needs no snap
    private double laidOutWidth;
    private double laidOutHeight;
    // the lines' type readableWidth last measured, and its READABLE_CHARACTERS' width
    private Font readableFont;
    private double readableText;
    private Strategy shown;
    /** The workflow whose names the program shown uses. */
    private Workflow shownFlow;

    public CodePanel() {
        getStyleClass().add("code-panel");
        title.getStyleClass().add("code-title");
        forWhom.getStyleClass().add("code-for");
        forWhom.setWrapText(true);
        forWhom.setMinHeight(USE_PREF_SIZE);
        header.textProperty().bind(title.textProperty().concat(" · ").concat(forWhom.textProperty()));
        lines.getStyleClass().add("code-lines");
        scroll.getStyleClass().add("code-scroll");
        scroll.setFitToWidth(true); // as wide as the panel, or as its longest line and scrolled sideways
        scroll.setHbarPolicy(ScrollPane.ScrollBarPolicy.AS_NEEDED);
        VBox.setVgrow(scroll, Priority.ALWAYS);
        scroll.vvalueProperty().addListener(o -> snapToLine()); // a wheel or the scroll bar: whole lines too
        setSpacing(4);
        setPadding(new Insets(6, 4, 6, 4));
        setMinWidth(0);
        getChildren().addAll(title, forWhom, scroll);
    }

    /**
     * Preferred width: the code's lines and the panel's insets. The title and whom the line is for wrap, so their
     * words do not widen the panel: it keeps its width while the story moves on (a lesson's next frame, the first
     * event of a run), and the stage beside it stays put.
     */
    @Override
    protected double computePrefWidth(double height) {
        return snappedLeftInset() + snappedRightInset() + scroll.prefWidth(-1);
    }

    /** Least height: one line and the panel's insets (the title gives way first, see {@link #layoutChildren}). */
    @Override
    protected double computeMinHeight(double width) {
        return snappedTopInset() + snappedBottomInset() + lineHeight() + 4;
    }

    /**
     * @return the width that shows {@link #READABLE_CHARACTERS} of a line in the lines' type as styled now (larger in
     *         presentation mode) with the panel's insets and a scroll bar's room, px: the same for every strategy, so
     *         what depends on it does not move when the strategy changes
     */
    double readableWidth() {
        Font font = labels.isEmpty() ? Font.getDefault() : labels.get(0).getFont();
        if (!font.equals(readableFont)) { // asked after every layout pass: measured once per type
            Text sample = new Text("0".repeat(READABLE_CHARACTERS));
            sample.setFont(font);
            readableFont = font;
            readableText = Math.ceil(sample.getLayoutBounds().getWidth());
        }
        return readableText + snappedLeftInset() + snappedRightInset() + 16;
    }

    /** @return the height of one code line as styled now, px */
    private double lineHeight() {
        return labels.isEmpty() ? 18 : labels.get(0).prefHeight(-1);
    }

    /**
     * Shows the code of {@code chosen} and lights the line that decided {@code history}'s last moment when
     * {@code chosen} is the strategy running; nothing lit otherwise. Rebuilds the lines only when the strategy
     * or the workflow changes.
     *
     * @param chosen   the strategy the strategy box and the parts show (what Reset runs)
     * @param flow     the run's workflow: the program names its steps ({@link CodeProgram#compose(Strategy, Workflow)})
     * @param running  the strategy of the run being played, or null before the first run
     * @param who      who the lit line is for ({@code user_7}), or null for no job yet
     * @param selected true if that job was clicked, false if it is the job of the latest event
     * @param history  that job's events, oldest first (empty for none)
     */
    void show(Strategy chosen, Workflow flow, Strategy running, String who, boolean selected,
              List<SimulationEvent> history) {
        if (!chosen.equals(shown) || !flow.equals(shownFlow)) {
            shown = chosen;
            shownFlow = flow;
            program = CodeProgram.compose(chosen, flow);
            labels.clear();
            for (CodeProgram.Line line : program) {
                Label l = new Label(NO_MARKER + line.text());
                l.getStyleClass().add("code-line");
                Concept c = CONCEPTS.get(line.id());
                if (c != null) { // the concept this line decides, in its one look, after the text
                    l.setGraphic(c.icon(12));
                    l.setContentDisplay(ContentDisplay.RIGHT);
                    l.setGraphicTextGap(6);
                }
                // a line is read whole: a narrow panel scrolls sideways rather than wrap it mid-statement
                l.setMinWidth(USE_PREF_SIZE);
                l.setMaxWidth(Double.MAX_VALUE);
                labels.add(l);
            }
            lines.getChildren().setAll(labels);
            lit = -1;
        }
        boolean runs = chosen.equals(running);
        int now = runs ? CodeProgram.indexOf(program, CodeMap.litLine(running, flow, history)) : -1;
        light(now);
        if (!runs) {
            forWhom.setText(TEXTS.get(running == null ? "code.none" : "code.pending"));
        } else if (who == null) {
            forWhom.setText(TEXTS.get("code.none"));
        } else {
            forWhom.setText(TEXTS.format("code.for", who,
                    TEXTS.get(selected ? "code.forSelected" : "code.forLatest")));
        }
    }

    private void light(int index) {
        if (index == lit) {
            return;
        }
        if (lit >= 0) {
            Label was = labels.get(lit);
            was.getStyleClass().remove("code-line-lit");
            was.setText(NO_MARKER + program.get(lit).text());
            was.setAccessibleText(null);
        }
        lit = index;
        if (lit >= 0) {
            Label l = labels.get(lit);
            l.getStyleClass().add("code-line-lit");
            l.setText(MARKER + program.get(lit).text());
            l.setAccessibleRole(AccessibleRole.TEXT);
            l.setAccessibleText(TEXTS.format("code.litLine", program.get(lit).text()));
            scrollToLit = true;
            requestLayout();
        }
    }

    /**
     * Shows the title and whom the line is for only where two lines fit under them (else their words are the
     * panel's tooltip), and keeps the lit line in sight when the code is taller or wider than the panel: after the
     * line changes and after the panel is resized (moved beside the queue or under it).
     */
    @Override
    protected void layoutChildren() {
        double inner = getWidth() - snappedLeftInset() - snappedRightInset();
        double headed = snappedTopInset() + snappedBottomInset() + title.prefHeight(-1) + forWhom.prefHeight(inner)
                + 2 * getSpacing() + 2 * lineHeight() + 4;
        boolean roomy = getHeight() >= headed;
        if (title.isManaged() != roomy) {
            for (Label l : List.of(title, forWhom)) {
                l.setVisible(roomy);
                l.setManaged(roomy);
            }
            if (roomy) {
                Tooltip.uninstall(this, header);
            } else {
                Tooltip.install(this, header);
            }
        }
        super.layoutChildren();
        wholeLines();
        if (getWidth() != laidOutWidth || getHeight() != laidOutHeight) {
            laidOutWidth = getWidth();
            laidOutHeight = getHeight();
            scrollToLit = true;
        }
        if (scrollToLit && lit >= 0) {
            scrollToLit = false;
            scroll.layout(); // its viewport as this layout sized it
            showLit();
        }
    }

    /**
     * Where the code is taller than its view, makes the view a whole number of lines high (the scroll pane a little
     * shorter than the panel gives it, by less than a line) and its top a line's top.
     */
    private void wholeLines() {
        scroll.layout(); // its viewport as this layout sized it
        double view = scroll.getViewportBounds().getHeight();
        double line = codeLineHeight();
        if (line <= 0 || lines.getLayoutBounds().getHeight() <= view + 0.5) {
            return;
        }
        double cut = view - Math.floor((view + 0.5) / line) * line;
        if (cut > 0.5) {
            scroll.resize(scroll.getWidth(), scroll.getHeight() - cut);
            scroll.layout();
        }
        snapToLine();
    }

    /** @return the height of one code line as laid out (every line has one), px; 0 before the first layout */
    private double codeLineHeight() {
        return labels.isEmpty() ? 0 : lines.getLayoutBounds().getHeight() / labels.size();
    }

    /** Moves the view's top to the nearest line's top, where the code is taller than the view. */
    private void snapToLine() {
        double line = codeLineHeight();
        double hidden = lines.getLayoutBounds().getHeight() - scroll.getViewportBounds().getHeight();
        if (snapping || line <= 0 || hidden <= 0.5) {
            return;
        }
        double top = Math.min(hidden, Math.round(scroll.getVvalue() * hidden / line) * line);
        double v = top / hidden;
        if (Math.abs(v - scroll.getVvalue()) > 1e-9) {
            snapping = true;
            try {
                scroll.setVvalue(v);
            } finally {
                snapping = false;
            }
        }
    }

    /** Scrolls the lit line's start into the viewport: its marker to the left edge, the line a third down. */
    private void showLit() {
        if (scroll.getHvalue() > 0) {
            scroll.setHvalue(0);
        }
        double content = lines.getLayoutBounds().getHeight();
        double view = scroll.getViewportBounds().getHeight();
        if (content <= view || view <= 0) {
            return;
        }
        Bounds line = labels.get(lit).getBoundsInParent();
        double from = scroll.getVvalue() * (content - view);
        if (line.getMinY() < from || line.getMaxY() > from + view) {
            // a third of the way down where the view has room for more than the line, else the line itself
            double at = view > 3 * line.getHeight() ? line.getMinY() - view / 3
                    : line.getMinY() - (view - line.getHeight()) / 2;
            scroll.setVvalue(Math.max(0, Math.min(1, at / (content - view))));
        }
    }

    /** @return the program's lines as shown, the lit one starting with {@link #MARKER}. */
    List<String> shownLines() {
        return labels.stream().map(Label::getText).toList();
    }

    /** @return the lit line's text without its marker and indentation, or null when none is lit. */
    String litText() {
        return lit < 0 ? null : program.get(lit).text().strip();
    }

    /** @return the lit line's label, or null (tests check that a person can see it). */
    Label litLabel() {
        return lit < 0 ? null : labels.get(lit);
    }
}
