package org.idempotencylab.ui.form;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.function.Consumer;
import javafx.beans.Observable;
import javafx.beans.property.ObjectProperty;
import javafx.scene.Node;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Control;
import javafx.scene.control.Label;
import javafx.scene.control.Slider;
import javafx.scene.control.TextField;
import javafx.scene.control.TitledPane;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.ColumnConstraints;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.util.StringConverter;
import org.idempotencylab.scenario.Choice;
import org.idempotencylab.scenario.Parameter;
import org.idempotencylab.scenario.Scenario;
import org.idempotencylab.ui.Texts;
import org.idempotencylab.ui.charts.SymlogScale;

/**
 * A view's parameter panel, built from the {@link Parameter} registry: for each parameter a label, and a slider
 * with an exact-value field and its unit (a check box for a flag, a list for a choice), each with the
 * parameter's tooltip and its validation message. The first section ({@link Parameter.Section#isBasic()}) is
 * shown open; every other section is a {@link TitledPane} of its own, collapsed, and all of them sit under one
 * "Advanced" pane, collapsed too: a view shows the few parameters its scene needs and one heading for the rest. A
 * parameter added to the registry appears in every panel with no change here or in the views.
 *
 * <p>Typed values commit on Enter or when the field loses the focus; a refused value keeps the previous one and
 * sends one message (naming the field, the value and the range) to the error sink. {@link #commitAll()} reads
 * every field, for a button or shortcut that acts on what the fields show.
 *
 * <p>Node ids, for style sheets and tests ({@link #nodeId}): {@code <prefix><Id>Field}, {@code <prefix><Id>Slider},
 * {@code <prefix><Id>Label}, {@code <prefix><Id>Box} (flags and choices), {@code <prefix><Section>Pane} and
 * {@code <prefix>AdvancedPane} (lower case first after an empty prefix: {@code advancedPane}), where
 * {@code <Id>} is the parameter's id, its first letter capital after a prefix ("sweep" gives
 * {@code sweepPFailField}, "" gives {@code pFailField}).
 */
public final class ParameterPanel {
    private static final Texts TEXTS = Texts.of(ParameterPanel.class);

    private final ScenarioForm form;
    private final String prefix;
    private final Consumer<String> errors;

    private final VBox root = new VBox(8);
    private final List<ParameterBinding> bindings = new ArrayList<>();
    private final Map<Parameter, Node> editors = new EnumMap<>(Parameter.class);
    private final Map<Parameter, List<Node>> rows = new EnumMap<>(Parameter.class);
    private final Map<Parameter.Section, TitledPane> panes = new LinkedHashMap<>();
    private final Map<Parameter.Section, List<Parameter>> shownBySection = new LinkedHashMap<>();
    /** The sections other than the basic one, in their order, and whatever a view adds there. */
    private final VBox advancedBox = new VBox(6);
    private final TitledPane advanced = new TitledPane(TEXTS.get("advanced.title"), advancedBox);

    private ParameterPanel(ScenarioForm form, String prefix, Consumer<String> errors) {
        this.form = form;
        this.prefix = prefix;
        this.errors = errors;
        root.getStyleClass().add("parameter-form");
        collapsible(advanced);
        advanced.setId(prefix.isEmpty() ? "advancedPane" : prefix + "AdvancedPane");
        advanced.getStyleClass().add("advanced-section");
        advancedBox.getStyleClass().add("advanced-sections");
    }

    /** A collapsed pane that wraps its long title ("... (2 changed)" in large type) rather than widen the panel. */
    private static void collapsible(TitledPane pane) {
        pane.setExpanded(false);
        pane.setAnimated(false);
        pane.setMinWidth(0);
        pane.setWrapText(true);
        pane.getStyleClass().add("parameter-section");
    }

    /**
     * @param form       the properties the panel edits
     * @param parameters the parameters to show, in the order to show them within their sections
     * @param prefix     the start of every node id, e.g. "sweep"
     * @param errors     receives a message for a refused value (naming the field, the value and the range), and
     *                   null when a value is accepted
     * @return the panel; put {@link #node()} in the view
     */
    public static ParameterPanel build(ScenarioForm form, List<Parameter> parameters, String prefix,
                                       Consumer<String> errors) {
        return build(form, parameters, List.of(), prefix, errors);
    }

    /**
     * As {@link #build(ScenarioForm, List, String, Consumer)}, with more parameters in the open basic section: a
     * view whose scene needs a few parameters of advanced sections at hand (the live view's workers and arrival
     * rate) shows them there, in the order of {@code parameters}, and not in their own sections.
     *
     * @param alsoBasic parameters shown in the basic section whatever their declared section
     */
    public static ParameterPanel build(ScenarioForm form, List<Parameter> parameters, List<Parameter> alsoBasic,
                                       String prefix, Consumer<String> errors) {
        ParameterPanel panel = new ParameterPanel(form, prefix, errors);
        for (Parameter.Section section : Parameter.Section.values()) {
            List<Parameter> shown = parameters.stream().filter(p -> section.isBasic()
                    ? p.section() == section || alsoBasic.contains(p)
                    : p.section() == section && !alsoBasic.contains(p)).toList();
            if (!shown.isEmpty()) {
                panel.addSection(section, shown);
            }
        }
        if (!panel.panes.isEmpty()) {
            panel.root.getChildren().add(panel.advanced);
        }
        return panel;
    }

    /** @return every parameter of the registry, in its order: what a panel that shows them all takes. */
    public static List<Parameter> everyParameter() {
        return List.of(Parameter.values());
    }

    /**
     * @param suffix {@code Field}, {@code Slider}, {@code Label} or {@code Box}
     * @return the id of {@code p}'s node in a panel built with {@code prefix}, e.g. {@code sweepPFailField}
     */
    public static String nodeId(String prefix, Parameter p, String suffix) {
        return (prefix.isEmpty() ? p.id() : prefix + capitalised(p.id())) + suffix;
    }

    private void addSection(Parameter.Section section, List<Parameter> shown) {
        shownBySection.put(section, shown);
        GridPane grid = new GridPane();
        grid.setHgap(8);
        grid.setVgap(4);
        grid.getStyleClass().add("parameter-grid");
        ColumnConstraints wide = new ColumnConstraints();
        wide.setHgrow(Priority.ALWAYS);
        wide.setMinWidth(90);
        // the exact field as wide as its style asks (eight characters, in the current type size): a million
        // stays whole in presentation mode; the slider takes what is left
        ColumnConstraints value = new ColumnConstraints();
        value.setMinWidth(Control.USE_PREF_SIZE);
        ColumnConstraints unit = new ColumnConstraints();
        unit.setMinWidth(Control.USE_PREF_SIZE);
        grid.getColumnConstraints().setAll(wide, value, unit);
        int row = 0;
        for (Parameter p : shown) {
            row = addRow(grid, row, p);
        }
        if (section.isBasic()) {
            root.getChildren().add(grid);
            return;
        }
        TitledPane pane = new TitledPane(section.title(), grid);
        collapsible(pane);
        pane.setId(prefix + (prefix.isEmpty() ? section.name().toLowerCase(Locale.ROOT)
                : capitalised(section.name().toLowerCase(Locale.ROOT))) + "Pane");
        panes.put(section, pane);
        advancedBox.getChildren().add(pane);
    }

    private int addRow(GridPane grid, int row, Parameter p) {
        Label label = new Label(p.label());
        label.setId(nodeId(prefix, p, "Label"));
        label.setWrapText(true);
        label.setMinHeight(Control.USE_PREF_SIZE);
        return switch (p.kind()) { // an expression: a new kind does not compile until it has its row
            case FLAG -> {
                CheckBox box = new CheckBox(p.label());
                box.setId(nodeId(prefix, p, "Box"));
                box.setTooltip(tooltip(p));
                box.setWrapText(true);
                ObjectProperty<Boolean> value = typed(form.property(p));
                box.setSelected(value.get());
                box.selectedProperty().addListener((o, was, now) -> value.set(now));
                value.addListener((o, was, now) -> box.setSelected(now));
                grid.add(box, 0, row, 3, 1);
                editors.put(p, box);
                rows.put(p, List.of(box));
                yield row + 1;
            }
            case CHOICE -> {
                ComboBox<Choice> box = new ComboBox<>();
                box.setId(nodeId(prefix, p, "Box"));
                box.getItems().setAll(p.choices());
                box.setConverter(new ChoiceLabels(box));
                box.setMaxWidth(Double.MAX_VALUE);
                box.setTooltip(tooltip(p));
                label.setTooltip(box.getTooltip());
                ObjectProperty<Choice> value = typed(form.property(p));
                box.valueProperty().bindBidirectional(value);
                label.setLabelFor(box);
                grid.add(label, 0, row, 3, 1);
                grid.add(box, 0, row + 1, 3, 1);
                editors.put(p, box);
                rows.put(p, List.of(label, box));
                yield row + 2;
            }
            case COUNT, PROBABILITY, MILLIS, RATE, FACTOR -> {
                TextField field = new TextField();
                field.setId(nodeId(prefix, p, "Field"));
                field.getStyleClass().add("value-field");
                label.setLabelFor(field);
                Label unit = new Label(p.windowUnit());
                unit.getStyleClass().add("unit");
                unit.setMinWidth(Control.USE_PREF_SIZE);
                editors.put(p, field);
                if (p.scale() == Parameter.Scale.NONE) { // the exact field only, beside its label (the seed)
                    bindings.add(ParameterBinding.bind(p, form.property(p), null, field, scaleOf(p), errors));
                    label.setTooltip(field.getTooltip());
                    grid.add(label, 0, row);
                    grid.add(field, 1, row);
                    grid.add(unit, 2, row);
                    rows.put(p, List.of(label, field, unit));
                    yield row + 1;
                }
                Slider slider = slider(p);
                slider.setId(nodeId(prefix, p, "Slider"));
                bindings.add(ParameterBinding.bind(p, form.property(p), slider, field, scaleOf(p), errors));
                label.setTooltip(field.getTooltip()); // the same tooltip as the slider and the field
                grid.add(label, 0, row, 3, 1);
                grid.add(slider, 0, row + 1);
                grid.add(field, 1, row + 1);
                grid.add(unit, 2, row + 1);
                rows.put(p, List.of(label, slider, field, unit));
                yield row + 2;
            }
        };
    }

    @SuppressWarnings("unchecked") // a flag's property holds a Boolean, a choice's one of its choices
    private static <T> ObjectProperty<T> typed(ObjectProperty<Object> property) {
        return (ObjectProperty<T>) (ObjectProperty<?>) property;
    }

    /**
     * @return a slider over the parameter's slider range, positions as its scale maps them; a short whole-number
     *         range gets a labelled tick per value (attempts 1 to 10), a log scale one per power of ten (1k, 10k,
     *         100k, 1M)
     */
    private static Slider slider(Parameter p) {
        SliderScale scale = scaleOf(p);
        Slider s = new Slider(scale.toPosition(p.sliderMin()), scale.toPosition(p.sliderMax()),
                scale.toPosition(p.sliderMin()));
        if (p.scale() == Parameter.Scale.WHOLE && p.sliderMax() - p.sliderMin() <= 20) {
            s.setMajorTickUnit(1);
            s.setMinorTickCount(0);
            s.setSnapToTicks(true);
            s.setShowTickMarks(true);
            s.setShowTickLabels(true);
        } else if (p.scale() == Parameter.Scale.LOG && s.getMax() - s.getMin() >= 2) {
            s.setMajorTickUnit(1);
            s.setMinorTickCount(0);
            s.setShowTickMarks(true);
            s.setShowTickLabels(true);
            s.setLabelFormatter(new StringConverter<>() {
                @Override
                public String toString(Double position) {
                    return SymlogScale.compact(Math.round(Math.pow(10, position)));
                }

                @Override
                public Double fromString(String text) {
                    throw new UnsupportedOperationException("slider labels are read-only");
                }
            });
        }
        s.setBlockIncrement((s.getMax() - s.getMin()) / 20);
        s.setMinWidth(60);
        return s;
    }

    /** @return the window's slider scale for a parameter's declared {@link Parameter.Scale}. */
    public static SliderScale scaleOf(Parameter p) {
        return switch (p.scale()) {
            case SQRT -> SliderScale.PROBABILITY;
            case LOG -> SliderScale.LOG10;
            case WHOLE, NONE -> SliderScale.WHOLE;
        };
    }

    private static Tooltip tooltip(Parameter p) {
        Tooltip tip = new Tooltip(ParameterBinding.tooltipText(p));
        tip.setWrapText(true);
        tip.setMaxWidth(360);
        return tip;
    }

    private static String capitalised(String s) {
        return Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }

    /** Shows a choice by its {@link Choice#label()}. */
    private static final class ChoiceLabels extends StringConverter<Choice> {
        private final ComboBox<Choice> box;

        ChoiceLabels(ComboBox<Choice> box) {
            this.box = box;
        }

        @Override
        public String toString(Choice c) {
            return c == null ? "" : c.label();
        }

        @Override
        public Choice fromString(String s) {
            return box.getItems().stream().filter(c -> c.label().equals(s)).findFirst().orElse(null);
        }
    }

    /** @return the panel: the basic section, then the collapsed "Advanced" pane with one pane per other section. */
    public VBox node() {
        return root;
    }

    /**
     * @return the collapsed pane that holds every section but the basic one (null when the panel shows none); a
     *         view may move it elsewhere in its panel
     */
    public TitledPane advanced() {
        return panes.isEmpty() ? null : advanced;
    }

    /**
     * Puts a view's own rarely used section (the live view's strategy parts) under "Advanced", at {@code index}
     * among the sections; it is collapsed and styled as they are.
     */
    public void addAdvancedSection(int index, TitledPane section) {
        collapsible(section);
        advancedBox.getChildren().add(index, section);
    }

    /**
     * Reads every exact field (a button or shortcut acts on what the fields show, confirmed or not).
     *
     * @return true if every value was accepted; else the first refused one's message went to the error sink
     */
    public boolean commitAll() {
        return ParameterBinding.commitAll(bindings);
    }

    /**
     * Titles each advanced section with how many of its values differ from {@code reference} ("Failures and
     * durability  (2 changed)"), and "Advanced" with their sum, kept up to date: a collapsed pane shows that a
     * preset set something in it.
     */
    public void showChangesFrom(Scenario reference) {
        Objects.requireNonNull(reference, "reference");
        String advancedTitle = advanced.getText();
        Runnable update = () -> {
            long all = 0;
            for (Map.Entry<Parameter.Section, TitledPane> e : panes.entrySet()) {
                long changed = shownBySection.get(e.getKey()).stream()
                        .filter(p -> !form.value(p).equals(p.get(reference))).count();
                e.getValue().setText(titled(e.getKey().title(), changed));
                all += changed;
            }
            advanced.setText(titled(advancedTitle, all));
        };
        for (Observable o : form.all()) {
            o.addListener(x -> update.run());
        }
        update.run();
    }

    private static String titled(String title, long changed) {
        return changed == 0 ? title : TEXTS.format("section.changed", title, changed);
    }

    /**
     * Greys out {@code p}'s row (its label, slider, field and unit), e.g. the parameter a sweep varies, whose base
     * value the sweep replaces; {@code false} makes it editable again.
     */
    public void setDisabled(Parameter p, boolean disabled) {
        rows.getOrDefault(p, List.of()).forEach(n -> n.setDisable(disabled));
    }

    /** @return the editor of {@code p}: its exact field, check box or list; null if the panel does not show it. */
    public Node editor(Parameter p) {
        return editors.get(p);
    }

    /** @return the advanced section's pane, or null for the basic section or one with nothing shown. */
    public TitledPane pane(Parameter.Section section) {
        return panes.get(section);
    }

    /** @return the bindings of the numeric fields, in the order shown. */
    public List<ParameterBinding> bindings() {
        return List.copyOf(bindings);
    }
}
