package org.idempotencylab.ui.form;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;
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

/**
 * A view's parameter panel, built from the {@link Parameter} registry: for each parameter a label, and a slider
 * with an exact-value field and its unit (a check box for a flag, a list for a choice), each with the
 * parameter's tooltip and its validation message. The first section ({@link Parameter.Section#isBasic()}) is
 * shown open; every other section is an advanced {@link TitledPane}, collapsed until opened.
 *
 * <p>Node ids, for style sheets and tests: {@code <prefix><Id>Field}, {@code <prefix><Id>Slider},
 * {@code <prefix><Id>Label}, {@code <prefix><Id>Box} (flags and choices) and {@code <prefix><Section>Pane},
 * where {@code <Id>} is the parameter's id with a capital first letter (a prefix "" gives {@code pFailField}).
 */
public final class ParameterPanel {
    private final ScenarioForm form;
    private final String prefix;
    private final Consumer<String> errors;

    private final VBox root = new VBox(8);
    private final List<ParameterBinding> bindings = new ArrayList<>();
    private final Map<Parameter, Node> editors = new EnumMap<>(Parameter.class);
    private final Map<Parameter.Section, TitledPane> panes = new LinkedHashMap<>();

    private ParameterPanel(ScenarioForm form, String prefix, Consumer<String> errors) {
        this.form = form;
        this.prefix = prefix;
        this.errors = errors;
        root.getStyleClass().add("parameter-form");
    }

    /**
     * @param form       the properties the panel edits
     * @param parameters the parameters to show, in the order to show them within their sections
     * @param prefix     the start of every node id, e.g. "live"
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
        return panel;
    }

    private void addSection(Parameter.Section section, List<Parameter> shown) {
        GridPane grid = new GridPane();
        grid.setHgap(8);
        grid.setVgap(4);
        ColumnConstraints wide = new ColumnConstraints();
        wide.setHgrow(Priority.ALWAYS);
        wide.setMinWidth(90);
        ColumnConstraints value = new ColumnConstraints(86, 104, 130);
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
        pane.setExpanded(false);
        pane.setAnimated(false);
        pane.setId(prefix + capitalised(section.name().toLowerCase(Locale.ROOT)) + "Pane");
        pane.getStyleClass().add("parameter-section");
        panes.put(section, pane);
        root.getChildren().add(pane);
    }

    private int addRow(GridPane grid, int row, Parameter p) {
        String id = prefix + capitalised(p.id());
        Tooltip tip = tooltip(ParameterBinding.tooltipText(p));
        Label label = new Label(p.label());
        label.setId(id + "Label");
        label.setTooltip(tip);
        label.setWrapText(true);
        switch (p.kind()) {
            case FLAG -> {
                CheckBox box = new CheckBox(p.label());
                box.setId(id + "Box");
                box.setTooltip(tip);
                box.setWrapText(true);
                @SuppressWarnings("unchecked") // a flag's property holds a Boolean
                ObjectProperty<Boolean> value = (ObjectProperty<Boolean>) (ObjectProperty<?>) form.property(p);
                box.setSelected(value.get());
                box.selectedProperty().addListener((o, was, now) -> value.set(now));
                value.addListener((o, was, now) -> box.setSelected(now));
                grid.add(box, 0, row, 3, 1);
                editors.put(p, box);
                return row + 1;
            }
            case CHOICE -> {
                ComboBox<Choice> box = new ComboBox<>();
                box.setId(id + "Box");
                box.getItems().setAll(p.choices());
                box.setConverter(new StringConverter<>() {
                    @Override
                    public String toString(Choice c) {
                        return c == null ? "" : c.label();
                    }

                    @Override
                    public Choice fromString(String s) {
                        return box.getItems().stream().filter(c -> c.label().equals(s)).findFirst().orElse(null);
                    }
                });
                box.setMaxWidth(Double.MAX_VALUE);
                box.setTooltip(tip);
                @SuppressWarnings("unchecked") // a choice's property holds one of its choices
                ObjectProperty<Choice> value = (ObjectProperty<Choice>) (ObjectProperty<?>) form.property(p);
                box.valueProperty().bindBidirectional(value);
                label.setLabelFor(box);
                grid.add(label, 0, row, 3, 1);
                grid.add(box, 0, row + 1, 3, 1);
                editors.put(p, box);
                return row + 2;
            }
            default -> {
                TextField field = new TextField();
                field.setId(id + "Field");
                field.getStyleClass().add("value-field");
                label.setLabelFor(field);
                Slider slider = null;
                if (p.scale() != Parameter.Scale.NONE) {
                    slider = slider(p);
                    slider.setId(id + "Slider");
                }
                bindings.add(ParameterBinding.bind(p, form.property(p), slider, field, scaleOf(p), errors));
                grid.add(label, 0, row, 3, 1);
                if (slider != null) {
                    grid.add(slider, 0, row + 1);
                }
                grid.add(field, 1, row + 1);
                Label unit = new Label(p.windowUnit());
                unit.getStyleClass().add("unit");
                grid.add(unit, 2, row + 1);
                editors.put(p, field);
                return row + 2;
            }
        }
    }

    /** @return a slider over the parameter's slider range, positions as its scale maps them. */
    private static Slider slider(Parameter p) {
        SliderScale scale = scaleOf(p);
        Slider s = new Slider(scale.toPosition(p.sliderMin()), scale.toPosition(p.sliderMax()),
                scale.toPosition(p.sliderMin()));
        if (p.scale() == Parameter.Scale.WHOLE && p.sliderMax() - p.sliderMin() <= 20) {
            s.setMajorTickUnit(1);
            s.setMinorTickCount(0);
            s.setSnapToTicks(true);
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

    private static Tooltip tooltip(String text) {
        Tooltip tip = new Tooltip(text);
        tip.setWrapText(true);
        tip.setMaxWidth(360);
        return tip;
    }

    private static String capitalised(String s) {
        return Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }

    /** @return the panel: the basic section, then one collapsed pane per advanced section. */
    public VBox node() {
        return root;
    }

    /**
     * Reads every exact field (a button or shortcut acts on what the fields show, confirmed or not).
     *
     * @return true if every value was accepted; else the first refused one's message went to the error sink
     */
    public boolean commitAll() {
        return ParameterBinding.commitAll(bindings);
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
