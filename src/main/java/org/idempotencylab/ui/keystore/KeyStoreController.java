package org.idempotencylab.ui.keystore;

import static org.idempotencylab.ui.keystore.KeyStoreTexts.TEXTS;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import javafx.application.Platform;
import javafx.beans.InvalidationListener;
import javafx.beans.Observable;
import javafx.beans.binding.Bindings;
import javafx.beans.property.ReadOnlyLongProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.value.ObservableValue;
import javafx.css.PseudoClass;
import javafx.fxml.FXML;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.Labeled;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.layout.VBox;
import javafx.scene.text.Font;
import javafx.scene.text.FontWeight;
import org.idempotencylab.engine.WorkflowSteps;
import org.idempotencylab.store.InMemoryIdempotencyStore.State;
import org.idempotencylab.ui.Concept;
import org.idempotencylab.ui.TextWidth;
import org.idempotencylab.ui.VirtualTime;

/**
 * Binds keystore.fxml to a {@link KeyStoreViewModel}: the store's keys (or the claim table's rows, or the lock
 * store's locks, whichever the run uses) and the provider's keys, live. Holds no logic beyond wiring: the
 * view-models decide what the rows are; the cells only show them.
 */
public final class KeyStoreController {
    private static final PseudoClass ERROR = PseudoClass.getPseudoClass("error");

    /** A user id as long as a run of up to 100,000 sign-ups has: a key's end. */
    private static final String LONG_USER = ":user_99999";
    /** A state's icon before its word (Concept.mark) and the gap after it, px. */
    private static final double ICON = 13 + 4;
    /** A countdown's bar (keystore.css .ttl-bar) and the gap after it (CountdownCell), px. */
    private static final double BAR = 90 + 8;
    /** The widest countdown a key of up to an hour's TTL shows. */
    private static final String COUNTDOWN = VirtualTime.countdown(3_599_900);

    private final KeyStoreViewModel model;
    /** Columns whose cells are never cut: each at least as wide as the widest of its texts in the type shown. */
    private final Map<TableColumn<?, ?>, Cells> cellsWhole = new HashMap<>();

    /**
     * A column's widest cells: px beside the text (an icon, a countdown's bar) and the texts it may show.
     *
     * @param beside px a cell draws beside its text
     * @param texts  the texts, in the cells' plain type
     */
    record Cells(double beside, List<String> texts) {
    }

    @FXML private Label storeCounters;
    @FXML private TableView<KeyRow> storeTable;
    @FXML private TableColumn<KeyRow, String> keyColumn;
    @FXML private TableColumn<KeyRow, State> stateColumn;
    @FXML private TableColumn<KeyRow, String> savedValueColumn;
    @FXML private TableColumn<KeyRow, String> createdAtColumn;
    @FXML private TableColumn<KeyRow, KeyRow> expiresInColumn;
    @FXML private TableColumn<KeyRow, Number> hitsColumn;
    @FXML private Label providerCounters;
    @FXML private TableView<ProviderKeyRow> providerTable;
    @FXML private TableColumn<ProviderKeyRow, String> providerKeyColumn;
    @FXML private TableColumn<ProviderKeyRow, String> addedAtColumn;
    @FXML private TableColumn<ProviderKeyRow, ProviderKeyRow> providerExpiresInColumn;
    @FXML private TableColumn<ProviderKeyRow, Number> suppressedColumn;
    @FXML private VBox memorySection;
    /** The claim table's section, claimtable.fxml included. */
    @FXML private ClaimTableController claimSectionController;
    @FXML private VBox lockSection;
    @FXML private Label lockCounters;
    @FXML private Label lockStatus;
    @FXML private TableView<LockTableRow> lockTable;
    @FXML private TableColumn<LockTableRow, String> lockKeyColumn;
    @FXML private TableColumn<LockTableRow, String> lockOwnerColumn;
    @FXML private TableColumn<LockTableRow, String> lockExpiresAtColumn;
    @FXML private TableColumn<LockTableRow, LockTableRow> lockExpiresInColumn;

    public KeyStoreController(KeyStoreViewModel model) {
        this.model = model;
    }

    @FXML
    private void initialize() {
        fixed(keyColumn, r -> new ReadOnlyStringWrapper(r.keyText()));
        fixed(stateColumn, KeyRow::stateProperty);
        stateColumn.setCellFactory(col -> new TableCell<>() {
            @Override
            protected void updateItem(State state, boolean empty) {
                super.updateItem(state, empty);
                setText(empty || state == null ? null
                        : TEXTS.get(state == State.RUNNING ? "state.running" : "state.finished"));
                // a running key is a run in progress; a finished one is a key remembered with its saved result
                Concept.mark(this, empty || state == null ? null
                        : state == State.RUNNING ? Concept.IN_PROGRESS : Concept.KEY_REMEMBERED);
            }
        });
        fixed(savedValueColumn, KeyRow::savedValueProperty);
        fixed(createdAtColumn, r -> new ReadOnlyStringWrapper(VirtualTime.format(r.createdAtMs())));
        fixed(expiresInColumn, ReadOnlyObjectWrapper::new);
        expiresInColumn.setCellFactory(col -> new CountdownCell<>(model.nowMsProperty(), Concept.KEY_REMEMBERED));
        fixed(hitsColumn, KeyRow::hitsProperty);
        storeTable.setRowFactory(table -> new FlashingRow<>());
        storeTable.setItems(model.storeRows());
        // a key as long as a run of up to 100,000 sign-ups has, and the state's word after its icon: never cut
        widestKeys(model.stepsProperty().get());
        cellsWhole.put(stateColumn, new Cells(ICON, List.of(TEXTS.get("state.running"), TEXTS.get("state.finished"))));
        cellsWhole.put(expiresInColumn, new Cells(BAR, List.of(COUNTDOWN, TEXTS.get("state.running"))));
        cellsWhole.put(providerExpiresInColumn, new Cells(BAR, List.of(COUNTDOWN)));
        // what the class needs most first: a column folds away where the table has no room for it whole
        showWhenRoom(storeTable, expiresInColumn, hitsColumn, savedValueColumn, createdAtColumn);

        fixed(providerKeyColumn, r -> new ReadOnlyStringWrapper(r.keyText()));
        fixed(addedAtColumn, r -> new ReadOnlyStringWrapper(VirtualTime.format(r.addedAtMs())));
        fixed(providerExpiresInColumn, ReadOnlyObjectWrapper::new);
        providerExpiresInColumn.setCellFactory(col -> new CountdownCell<>(model.nowMsProperty(),
                Concept.KEY_REMEMBERED));
        fixed(suppressedColumn, ProviderKeyRow::suppressedProperty);
        providerTable.setRowFactory(table -> new FlashingRow<>());
        providerTable.setItems(model.providerRows());
        showWhenRoom(providerTable, providerExpiresInColumn, suppressedColumn, addedAtColumn);

        storeCounters.textProperty().bind(model.storeCountersProperty());
        providerCounters.textProperty().bind(model.providerCountersProperty());
        storeTable.setPlaceholder(fitted(storeTable, placeholder(model.storePlaceholderProperty())));
        providerTable.setPlaceholder(fitted(providerTable, placeholder(model.providerPlaceholderProperty())));

        claimSectionController.bind(model.claimTable());
        claimSectionController.steps(model.stepsProperty().get().names());
        model.stepsProperty().addListener((o, was, now) -> {
            widestKeys(now);
            claimSectionController.steps(now.names());
        });
        initLockTable(model.lockTable());
        // the in-memory store's section gives way to the claim table or the lock store when the run uses one
        memorySection.visibleProperty().bind(model.claimTable().inUseProperty()
                .or(model.lockTable().inUseProperty()).not());
        shownWhen(memorySection);
    }

    private void initLockTable(LockTableViewModel locks) {
        fixed(lockKeyColumn, r -> new ReadOnlyStringWrapper(r.key()));
        fixed(lockOwnerColumn, LockTableRow::ownerProperty);
        fixed(lockExpiresAtColumn, r -> time(r.expiresAtMsProperty()));
        fixed(lockExpiresInColumn, ReadOnlyObjectWrapper::new);
        lockExpiresInColumn.setCellFactory(col -> new CountdownCell<>(locks.nowMsProperty(), Concept.LEASE));
        lockTable.setItems(locks.rows());
        headersWhole(lockTable);
        lockTable.setPlaceholder(fitted(lockTable, placeholder(TEXTS.get("locks.empty"))));
        lockCounters.textProperty().bind(locks.countersProperty());
        status(lockStatus, locks);
        lockSection.visibleProperty().bind(locks.inUseProperty());
        shownWhen(lockSection);
    }

    /** The status line: the view-model's text, shown only when there is one, in the error style after a failure. */
    static void status(Label label, PolledTableModel<?, ?, ?, ?> table) {
        label.textProperty().bind(table.statusProperty());
        label.visibleProperty().bind(table.statusProperty().isNotEmpty());
        shownWhen(label);
        table.errorProperty().addListener((obs, old, e) -> label.pseudoClassStateChanged(ERROR, e != null));
    }

    /**
     * The widest keys of a run of {@code steps}, each with a user number as long as a run of up to 100,000 sign-ups
     * has: a step's store key ({@code charge the card:user_99999}), the provider's ({@code charge-the-card:...}).
     */
    private void widestKeys(WorkflowSteps steps) {
        cellsWhole.put(keyColumn, new Cells(0, steps.names().stream().map(n -> n + LONG_USER).toList()));
        cellsWhole.put(providerKeyColumn, new Cells(0, List.of(steps.providerKeyName(steps.keyStep()) + LONG_USER)));
    }

    /**
     * A narrow table keeps the lesson's columns whole: each of {@code optional}, most wanted first, shows only while
     * the table is wide enough for every column shown at its least width (none cut to "Creat..."). The least widths
     * follow the type ({@link #headersWhole}), so presentation mode's larger headers are counted too.
     */
    @SafeVarargs
    private <R> void showWhenRoom(TableView<R> table, TableColumn<R, ?>... optional) {
        List<TableColumn<R, ?>> hideable = List.of(optional);
        headersWhole(table, cellsWhole, model.stepsProperty()); // a run of another workflow: other keys
        for (int i = 0; i < hideable.size(); i++) {
            List<TableColumn<R, ?>> wanted = hideable.subList(0, i + 1); // this one and those wanted more
            List<Observable> deps = new ArrayList<>(List.of(table.widthProperty()));
            table.getColumns().forEach(c -> deps.add(c.minWidthProperty()));
            hideable.get(i).visibleProperty().bind(Bindings.createBooleanBinding(() -> {
                double needed = 18; // the vertical scroll bar and the borders
                for (TableColumn<R, ?> c : table.getColumns()) {
                    if (!hideable.contains(c) || wanted.contains(c)) {
                        needed += c.getMinWidth();
                    }
                }
                return table.getWidth() >= needed;
            }, deps.toArray(Observable[]::new)));
        }
    }

    /**
     * Each column of {@code table} at least as wide as its header in the headers' type (bold words and padding),
     * also after presentation mode changed the type: the width the view's FXML gives a column is for normal mode's
     * type, and a header narrower than its words shows "Create…".
     */
    static void headersWhole(TableView<?> table) {
        headersWhole(table, Map.of());
    }

    /**
     * As {@link #headersWhole(TableView)}, and each column in {@code cells} at least as wide as the widest of its
     * texts in the cells' plain type (a key, a state's word), so none is cut with "…"; fitted again when one of
     * {@code refits} changes (what {@code cells} holds).
     */
    static void headersWhole(TableView<?> table, Map<TableColumn<?, ?>, Cells> cells, Observable... refits) {
        Map<TableColumn<?, ?>, Double> least = new HashMap<>();
        table.getColumns().forEach(c -> least.put(c, c.getMinWidth()));
        Labeled[] header = {null};
        Runnable fit = () -> {
            if (header[0] == null) {
                return;
            }
            Font font = header[0].getFont();
            Font bold = Font.font(font.getFamily(), FontWeight.BOLD, font.getSize());
            Font plain = Font.font(font.getFamily(), font.getSize());
            for (TableColumn<?, ?> c : table.getColumns()) {
                double w = Math.max(least.get(c), Math.ceil(TextWidth.of(c.getText(), bold) + 20));
                Cells widest = cells.getOrDefault(c, new Cells(0, List.of()));
                for (String text : widest.texts()) { // and the cell's padding: a sixth of the type each side, and more
                    w = Math.max(w, Math.ceil(widest.beside() + TextWidth.of(text, plain) + font.getSize() / 2 + 6));
                }
                if (c.getMinWidth() != w) {
                    c.setMinWidth(w);
                    c.setPrefWidth(Math.max(c.getPrefWidth(), w));
                }
            }
        };
        // the headers' labels are there once the table was first laid out, their type after each style pass, and a
        // column's width may change only after the pass, not inside it
        InvalidationListener attach = new InvalidationListener() {
            @Override
            public void invalidated(Observable o) {
                Platform.runLater(() -> {
                    if (header[0] == null && table.lookup(".column-header .label") instanceof Labeled l) {
                        header[0] = l;
                        l.fontProperty().addListener(x -> Platform.runLater(fit));
                        table.widthProperty().removeListener(this); // found: the header's type says the rest
                        fit.run();
                    }
                });
            }
        };
        table.widthProperty().addListener(attach);
        for (Observable r : refits) {
            r.addListener(x -> Platform.runLater(fit));
        }
    }

    /** A hidden node takes no room. */
    static void shownWhen(Node node) {
        node.managedProperty().bind(node.visibleProperty());
    }

    /** A placeholder wraps inside its table's width instead of being cut off at a narrow window's edge. */
    static Label fitted(TableView<?> table, Label label) {
        label.maxWidthProperty().bind(table.widthProperty().subtract(24));
        return label;
    }

    static Label placeholder(String text) {
        Label label = new Label(text);
        label.getStyleClass().add("placeholder-text");
        label.setWrapText(true);
        return label;
    }

    private static Label placeholder(ObservableValue<String> text) {
        Label label = placeholder((String) null);
        label.textProperty().bind(text);
        return label;
    }

    static ObservableValue<String> time(ReadOnlyLongProperty ms) {
        return Bindings.createStringBinding(() -> VirtualTime.format(ms.get()), ms);
    }

    static <R, T> void fixed(TableColumn<R, T> col, Function<R, ObservableValue<T>> value) {
        col.setCellValueFactory(cell -> value.apply(cell.getValue()));
        col.setSortable(false); // rows keep the order keys came in; the lists are changed only in batches
        col.setReorderable(false);
    }
}
