package org.idempotencylab.ui.keystore;

import java.util.Locale;
import java.util.function.Function;
import javafx.beans.binding.Bindings;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.value.ObservableValue;
import javafx.css.PseudoClass;
import javafx.fxml.FXML;
import javafx.scene.control.Label;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import org.idempotencylab.engine.KeyMode;
import org.idempotencylab.engine.Strategy;
import org.idempotencylab.store.InMemoryIdempotencyStore.State;
import org.idempotencylab.ui.VirtualTime;

/**
 * Binds keystore.fxml to a {@link KeyStoreViewModel}: the store's keys and the provider's keys, live. Holds no
 * logic beyond wiring: the view-model decides what the rows are; the cells only show them.
 */
public final class KeyStoreController {
    private static final PseudoClass RUNNING = PseudoClass.getPseudoClass("running");

    private final KeyStoreViewModel model;

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
                setText(empty || state == null ? null : state == State.RUNNING ? "running" : "finished");
                pseudoClassStateChanged(RUNNING, !empty && state == State.RUNNING);
            }
        });
        fixed(savedValueColumn, KeyRow::savedValueProperty);
        fixed(createdAtColumn, r -> new ReadOnlyStringWrapper(VirtualTime.format(r.createdAtMs())));
        fixed(expiresInColumn, ReadOnlyObjectWrapper::new);
        expiresInColumn.setCellFactory(col -> new CountdownCell<>(model.nowMsProperty()));
        fixed(hitsColumn, KeyRow::hitsProperty);
        storeTable.setRowFactory(table -> new FlashingRow<>());
        storeTable.setItems(model.storeRows());

        fixed(providerKeyColumn, r -> new ReadOnlyStringWrapper(r.keyText()));
        fixed(addedAtColumn, r -> new ReadOnlyStringWrapper(VirtualTime.format(r.addedAtMs())));
        fixed(providerExpiresInColumn, ReadOnlyObjectWrapper::new);
        providerExpiresInColumn.setCellFactory(col -> new CountdownCell<>(model.nowMsProperty()));
        fixed(suppressedColumn, ProviderKeyRow::suppressedProperty);
        providerTable.setRowFactory(table -> new FlashingRow<>());
        providerTable.setItems(model.providerRows());

        storeCounters.textProperty().bind(Bindings.createStringBinding(() -> String.format(Locale.ROOT,
                        "Live keys %,d · Peak %,d · Hits %,d · Expired %,d · Shared %,d",
                        model.liveKeysProperty().get(), model.peakKeysProperty().get(), model.hitsProperty().get(),
                        model.expirationsProperty().get(), model.sharesProperty().get()),
                model.liveKeysProperty(), model.peakKeysProperty(), model.hitsProperty(),
                model.expirationsProperty(), model.sharesProperty()));
        providerCounters.textProperty().bind(Bindings.createStringBinding(() -> String.format(Locale.ROOT,
                        "Remembered %,d · Suppressed sends %,d",
                        model.rememberedKeysProperty().get(), model.suppressedSendsProperty().get()),
                model.rememberedKeysProperty(), model.suppressedSendsProperty()));

        Label storeEmpty = new Label();
        storeEmpty.getStyleClass().add("placeholder-text");
        storeEmpty.setWrapText(true);
        storeEmpty.textProperty().bind(Bindings.createStringBinding(
                () -> storePlaceholder(model.strategyProperty().get()), model.strategyProperty()));
        storeTable.setPlaceholder(storeEmpty);
        Label providerEmpty = new Label();
        providerEmpty.getStyleClass().add("placeholder-text");
        providerEmpty.setWrapText(true);
        providerEmpty.textProperty().bind(Bindings.createStringBinding(
                () -> providerPlaceholder(model.strategyProperty().get()), model.strategyProperty()));
        providerTable.setPlaceholder(providerEmpty);
    }

    /** @return what the store table says when it has no rows, for {@code strategy} (null: nothing attached). */
    static String storePlaceholder(Strategy strategy) {
        if (strategy == null) {
            return "Start a live run to see the idempotency store's keys.";
        }
        if (strategy.scope() != Strategy.WHOLE_JOB_SKIP_FINISHED.scope()) {
            return "This strategy uses no idempotency store; switch to '" + Strategy.WHOLE_JOB_SKIP_FINISHED.name()
                    + "' to see its keys.";
        }
        return "No keys yet: a key appears when its step starts, and stays until its TTL runs out.";
    }

    /** @return what the provider table says when it has no rows. */
    static String providerPlaceholder(Strategy strategy) {
        if (strategy == null) {
            return "Start a live run to see the keys the email provider remembers.";
        }
        if (strategy.keyMode() == KeyMode.NONE) {
            return "This strategy sends the provider no idempotency key: every call that gets through sends an "
                    + "email.";
        }
        return "No keys yet: the provider remembers a key from the first welcome email sent with it.";
    }

    private static <R, T> void fixed(TableColumn<R, T> col, Function<R, ObservableValue<T>> value) {
        col.setCellValueFactory(cell -> value.apply(cell.getValue()));
        col.setSortable(false); // rows keep the order keys came in; the lists are changed only in batches
        col.setReorderable(false);
    }

    /** @return the view-model, for the live view that drives it. */
    public KeyStoreViewModel model() {
        return model;
    }
}
